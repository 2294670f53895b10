import type { LawyerOffer } from '@lawline/contract/schemas';
import { fieldText } from '../format.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Facts } from '../ui/facts.tsx';
import { Tag } from '../ui/tag.tsx';
import styles from './offer-card.module.css';

/**
 * One offer: the field, whether the person asked for this lawyer (指定您), the person's question,
 * region and expected time (never their number), the seconds left before it moves on, 拒绝 and 接单.
 */
export function OfferCard(props: {
  offer: LawyerOffer;
  /** The offer's deadline on this device's clock. */
  secondsLeft: number;
  ttlSeconds: number;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { offer, secondsLeft, ttlSeconds, busy } = props;
  const share = ttlSeconds > 0 ? Math.max(0, Math.min(1, secondsLeft / ttlSeconds)) : 0;
  return (
    <Card
      as="article"
      className={cx(styles.offer, offer.requestedByCustomer && styles.requested)}
      data-testid="offer"
      data-order-id={offer.orderId}
    >
      <div className={styles.head}>
        <Tag tone="field">{fieldText(offer.consultField)}</Tag>
        {offer.requestedByCustomer ? (
          <Tag tone="requested" testId="offer-requested">
            指定您
          </Tag>
        ) : null}
        {offer.repeatCustomer ? <Tag tone="warm">老客户再次咨询</Tag> : null}
        <span className={cx(styles.countdown, secondsLeft <= 5 && styles.urgent)} data-testid="countdown">
          剩余 {secondsLeft} 秒
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="剩余时间"
        aria-valuemin={0}
        aria-valuemax={ttlSeconds}
        aria-valuenow={secondsLeft}
      >
        <span className={styles.fill} style={{ width: `${share * 100}%` }} />
      </div>
      {offer.requestedByCustomer ? (
        <p className={styles.requestNote}>用户在您的主页点了电话咨询，正在等您接听。</p>
      ) : null}
      <p className={styles.question}>{offer.userRemark}</p>
      <Facts
        items={[
          { label: '咨询人', value: offer.customerName },
          { label: '所在地区', value: offer.userLocation || '未填写' },
          { label: '期望时间', value: offer.expectTime || '尽快' },
        ]}
      />
      <div className={styles.actions}>
        <Button variant="ghost" disabled={busy} onClick={props.onDecline}>
          拒绝
        </Button>
        <Button disabled={busy} onClick={props.onAccept}>
          接单
        </Button>
      </div>
    </Card>
  );
}
