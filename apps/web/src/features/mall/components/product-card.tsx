import type { ProductCard } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';

/** A product in the mall (spec §3 product card): image, name, intro, sale and discount price. */
export function ProductItem({ product }: { product: ProductCard }) {
  const price = product.discountPrice ?? product.salePrice;
  return (
    <article className="ll-card ll-product" data-testid="product-card" data-code={product.productCode}>
      <Link className="ll-product-link" to={paths.productInfo(product.productCode)}>
        <img className="ll-product-img" src={product.cardImg} alt="" loading="lazy" />
        <div className="ll-product-body">
          <h3 className="ll-product-name">
            {product.productName}
            {product.itemType === 'card' ? <span className="ll-level ll-level-1">会员卡</span> : null}
          </h3>
          <p className="ll-product-intro">{product.productIntro}</p>
          <p className="ll-product-price">
            <span className="ll-price">¥{price}</span>
            <span className="ll-unit">{product.unit}</span>
            {product.discountPrice !== null ? (
              <span className="ll-price-old">¥{product.salePrice}</span>
            ) : null}
            {product.discountIntro ? <span className="ll-discount">{product.discountIntro}</span> : null}
          </p>
        </div>
      </Link>
    </article>
  );
}
