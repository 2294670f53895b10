import type { ProductCard } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import styles from '../mall.module.css';

/** A product in the mall (spec §3 product card): image, name, intro, sale and discount price. */
export function ProductItem({ product }: { product: ProductCard }) {
  const price = product.discountPrice ?? product.salePrice;
  return (
    <article className={styles.product} data-testid="product-card" data-code={product.productCode}>
      <Link className={styles.productLink} to={paths.productInfo(product.productCode)}>
        <img className={styles.productImg} src={product.cardImg} alt="" loading="lazy" />
        <div className={styles.productBody}>
          <h2 className={styles.productName}>
            {product.productName}
            {product.itemType === 'card' ? (
              <span className={`${browse.level} ${browse.level1}`}>会员卡</span>
            ) : null}
          </h2>
          <p className={styles.productIntro}>{product.productIntro}</p>
          <p className={styles.priceLine}>
            <span className={styles.price}>¥{price}</span>
            <span className={styles.unit}>{product.unit}</span>
            {product.discountPrice !== null ? (
              <span className={styles.priceOld}>¥{product.salePrice}</span>
            ) : null}
            {product.discountIntro ? <span className={styles.discount}>{product.discountIntro}</span> : null}
          </p>
        </div>
      </Link>
    </article>
  );
}
