import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { useServerNow } from '../../clock.ts';
import { useAcceptService } from '../../lawyer/use-accept-service.ts';
import { useServiceOffers } from '../../lawyer/use-service-offers.ts';
import { navigate, paths } from '../../route.ts';
import { Section } from '../../ui/section.tsx';
import { Segmented } from '../../ui/segmented.tsx';
import { Empty, Failed, Loading } from '../../ui/states.tsx';
import { type WorkbenchKind, workbenchKinds } from './kinds.ts';
import { ServiceOfferCard } from './service-offer-card.tsx';
import styles from './service-offers-section.module.css';

type Filter = 'all' | WorkbenchKind;

/** Paid service orders waiting for a lawyer, by kind; 接单 opens the order taken. */
export function ServiceOffersSection() {
  const offers = useServiceOffers();
  const accept = useAcceptService((orderId) => navigate(paths.service(orderId)));
  const [filter, setFilter] = useState<Filter>('all');
  const now = useServerNow(true, 60_000);
  const all = offers.data ?? [];
  const shown = filter === 'all' ? all : all.filter((offer) => offer.kind === filter);

  let body: ReactNode;
  if (offers.isPending) body = <Loading />;
  else if (offers.isError && !offers.data)
    body = <Failed message={errorMessage(offers.error)} onRetry={() => void offers.refetch()} />;
  else if (shown.length === 0)
    body = (
      <Empty title={all.length === 0 ? '暂无待接的服务订单' : '该类型暂无订单'}>
        <p>与您执业城市和擅长领域匹配的见面咨询、律师函、诉讼代理订单会出现在这里。</p>
      </Empty>
    );
  else
    body = (
      <div className={styles.list}>
        {shown.map((offer) => (
          <ServiceOfferCard
            key={offer.orderId}
            offer={offer}
            now={now}
            busy={accept.isPending}
            onAccept={() => accept.run(offer.orderId)}
          />
        ))}
      </div>
    );

  return (
    <Section id="service-offers-title" title="待接服务订单" badge={all.length}>
      {all.length > 0 ? (
        <Segmented
          label="服务类型"
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: '全部', count: all.length },
            ...workbenchKinds.map(({ kind, name }) => ({
              value: kind,
              label: name,
              count: all.filter((offer) => offer.kind === kind).length,
            })),
          ]}
        />
      ) : null}
      {body}
    </Section>
  );
}
