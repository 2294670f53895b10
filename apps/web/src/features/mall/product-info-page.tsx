import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeProductCode } from '../../lib/route-params.ts';
import { useSession } from '../../state/session.ts';
import browse from '../../ui/browse.module.css';
import { FixedBottomBar } from '../../ui/fixed-bottom-bar.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import { useOpenTarget } from '../../ui/open-link.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { useChannelProduct } from './api/products.ts';
import { CardRights } from './components/card-rights.tsx';
import styles from './mall.module.css';

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
      <article data-testid="product-info">
        <img className={styles.productInfoImg} src={product.cardImg} alt={product.productName} />
        <section className={browse.section}>
          <h2 className={styles.title}>{product.productName}</h2>
          <p className={styles.priceLine}>
            <span className={styles.price}>¥{price}</span>
            <span className={styles.unit}>{product.unit}</span>
            {product.discountPrice !== null ? (
              <span className={styles.priceOld}>¥{product.salePrice}</span>
            ) : null}
          </p>
          {product.discountIntro ? <p className={styles.discount}>{product.discountIntro}</p> : null}
          <p className={styles.intro}>{product.productIntro}</p>
        </section>
        {card ? (
          <SectionCard title="会员权益" level={3}>
            <CardRights rights={card.rights} />
          </SectionCard>
        ) : null}
      </article>
      <FixedBottomBar
        price={price}
        unitText={product.unit}
        buttonText={card ? '立即开通' : '立即使用'}
        onClick={act}
        testId="product-bar"
      />
    </PageShell>
  );
}

export default ProductInfoPage;
