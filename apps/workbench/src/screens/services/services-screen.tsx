import type { LawyerMe } from '@lawline/contract/schemas';
import { Callout } from '../../ui/callout.tsx';
import { cx } from '../../ui/cx.ts';
import { EarningsCard } from './earnings-card.tsx';
import { MyServicesSection } from './my-services-section.tsx';
import { ServiceDetail } from './service-detail.tsx';
import { ServiceOffersSection } from './service-offers-section.tsx';
import styles from './services-screen.module.css';

/**
 * Service orders (face consultations, lawyer letters, lawsuits): offers to take, this lawyer's
 * orders and earnings in one column; an open order beside them on a desktop, instead of them on a
 * phone.
 */
export function ServicesScreen({ me, openId }: { me: LawyerMe; openId: string | null }) {
  return (
    <div className={cx(styles.screen, openId && styles.withDetail)}>
      <div className={styles.lists}>
        <ServiceOffersSection />
        <MyServicesSection openId={openId} />
        <EarningsCard me={me} />
      </div>
      <div className={styles.pane}>
        {openId ? (
          <ServiceDetail key={openId} orderId={openId} />
        ) : (
          <Callout tone="muted" title="选择一个服务订单">
            接单后或在“我的服务订单”里点开订单，在这里处理：约见面、写律师函、报价、记录案件进展。
          </Callout>
        )}
      </div>
    </div>
  );
}
