import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeProductCode } from '../../lib/route-params.ts';
import { useSession } from '../../state/session.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import { useOpenTarget } from '../../ui/open-link.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useChannelProduct } from './api/products.ts';
import { CardRights } from './components/card-rights.tsx';
import './mall.css';

/** ProductInfo (/ProductInfo/:code): name, intro, image, sale and discount price (spec §3). */
export function ProductInfoPage({ name }: PageProps) {
  const code = routeProductCode(useParams().id);
  const query = useChannelProduct(code);
  const openTarget = useOpenTarget();
  const navigate = useNavigate();
  const runAfterLogin = useSession((s) => s.runAfterLogin);

  if (code === null || (query.isError && !query.data)) {
    return (
      <PageShell name={name}>
        {code === null ? (
          <EmptyState text="产品不存在" />
        ) : (
          <ErrorState text="产品加载失败" onRetry={() => void query.refetch()} />
        )}
      </PageShell>
    );
  }
  if (query.isPending) {
    return (
      <PageShell name={name}>
        <SkeletonRows rows={2} />
      </PageShell>
    );
  }
  const product = query.data;
  const price = product.discountPrice ?? product.salePrice;
  const card = product.memberCard;
  const act = () => {
    if (card) runAfterLogin(() => navigate(paths.buyCard(card.code)));
    else openTarget(product.cardTargetUrl);
  };
  return (
    <PageShell name={name}>
      <article className="ll-product-info" data-testid="product-info">
        <img className="ll-product-info-img" src={product.cardImg} alt={product.productName} />
        <section className="ll-section">
          <h2 className="ll-detail-title">{product.productName}</h2>
          <p className="ll-product-price">
            <span className="ll-price">¥{price}</span>
            <span className="ll-unit">{product.unit}</span>
            {product.discountPrice !== null ? (
              <span className="ll-price-old">¥{product.salePrice}</span>
            ) : null}
          </p>
          {product.discountIntro ? <p className="ll-discount">{product.discountIntro}</p> : null}
          <p className="ll-intro">{product.productIntro}</p>
        </section>
        {card ? (
          <section className="ll-section">
            <h3 className="ll-section-title">会员权益</h3>
            <CardRights rights={card.rights} />
          </section>
        ) : null}
      </article>
      <div className="ll-bottom-space" />
      <div className="ll-bottom-bar">
        <button type="button" className="ll-button ll-button-solid ll-buy" onClick={act}>
          {card ? '立即开通' : '立即使用'}
        </button>
      </div>
    </PageShell>
  );
}

export default ProductInfoPage;
