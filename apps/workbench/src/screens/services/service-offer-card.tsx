import type { ServiceOffer } from '@lawline/contract/schemas';
import { timeText, yuanText } from '../../format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Facts } from '../../ui/facts.tsx';
import { Tag } from '../../ui/tag.tsx';
import { isQuotedKind, regionLabel } from './kinds.ts';
import styles from './service-offer-card.module.css';

/** Under this the promise is close to running out (the order is refunded if nobody takes it). */
const SOON_MS = 6 * 3_600_000;

/**
 * A paid service order waiting for a lawyer: its kind, field, city, level, the matter in a few
 * lines, by when it must be taken and what it earns (never the person's number). 接单 takes it.
 */
export function ServiceOfferCard({
  offer,
  now,
  busy,
  onAccept,
}: {
  offer: ServiceOffer;
  now: number;
  busy: boolean;
  onAccept: () => void;
}) {
  const soon = offer.arrangeBy - now < SOON_MS;
  const facts = [
    ...(offer.regionName ? [{ label: regionLabel(offer.kind), value: offer.regionName }] : []),
    { label: '下单时间', value: timeText(offer.createdAt) },
    {
      label: '接单期限',
      value: <span className={soon ? styles.soon : undefined}>{timeText(offer.arrangeBy)} 前</span>,
    },
    {
      label: '预计收入',
      value: isQuotedKind(offer.kind)
        ? `${yuanText(offer.earning)}（按订金计，报价后按律师费结算）`
        : yuanText(offer.earning),
      tone: 'success' as const,
      testId: 'service-offer-earning',
    },
  ];
  return (
    <Card
      as="article"
      className={styles.offer}
      data-testid="service-offer"
      data-order-id={offer.orderId}
      data-kind={offer.kind}
    >
      <div className={styles.head}>
        <Tag tone="field">{offer.title}</Tag>
        <Tag tone="info">{offer.consultFieldName}</Tag>
        {offer.levelName ? <Tag tone="warm">{offer.levelName}</Tag> : null}
        {soon ? <span className={styles.urgent}>即将超时</span> : null}
      </div>
      <p className={styles.summary}>{offer.summary}</p>
      <Facts items={facts} />
      <Button block disabled={busy} onClick={onAccept}>
        接单
      </Button>
    </Card>
  );
}
