import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { type ProductSource, useProductPage } from './api/products.ts';
import { ProductItem } from './components/product-card.tsx';
import styles from './mall.module.css';

const tabs: ReadonlyArray<{ key: ProductSource; title: string }> = [
  { key: 'recommend', title: '推荐' },
  { key: 'channel', title: '全部' },
  { key: 'services', title: '法律服务' },
  { key: 'shop', title: '会员卡' },
];

function ProductList({ source }: { source: ProductSource }) {
  const query = useProductPage(source);
  return (
    <InfiniteList
      query={query}
      label="产品列表"
      keyOf={(product) => product.productCode}
      emptyText="暂无产品"
      renderItem={(product) => <ProductItem product={product} />}
    />
  );
}

/** 服务商城 (spec §2, kept alive): the channel's products, legal services and member cards. */
export function ServiceMallPage({ name }: PageProps) {
  const [source, setSource] = useState<ProductSource>('recommend');
  return (
    <PageShell name={name}>
      <Link className={styles.hero} to={paths.memberCard()}>
        <strong>开通会员 全年不限次电话咨询</strong>
        <span>见面咨询7折 · 合同审查 · 律师函 ›</span>
      </Link>
      <div className={styles.tabs} role="tablist" aria-label="商品分类">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={source === tab.key}
            onClick={() => setSource(tab.key)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {source === 'shop' ? (
        <nav className={styles.links} aria-label="会员卡">
          <Link to={paths.cards()}>全部会员卡权益</Link>
          <Link to={paths.page('TimeCard')}>时长卡</Link>
          <Link to={paths.page('TimesCard')}>次卡</Link>
        </nav>
      ) : null}
      <ProductList key={source} source={source} />
    </PageShell>
  );
}

export default ServiceMallPage;
