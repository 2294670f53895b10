import type { LawyerOffer } from '@lawline/contract/schemas';

/**
 * One offer: the field, the person's question, region and expected time (never their number),
 * the seconds left before it moves on, 拒绝 and 接单.
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
    <article className="card offer" data-testid="offer" data-order-id={offer.orderId}>
      <div className="offer-head">
        <span className="field-tag">{offer.consultFieldName || '综合咨询'}</span>
        {offer.repeatCustomer ? <span className="tag tag-warm">老客户再次咨询</span> : null}
        <span className={secondsLeft <= 5 ? 'countdown urgent' : 'countdown'} data-testid="countdown">
          剩余 {secondsLeft} 秒
        </span>
      </div>
      <div
        className="bar"
        role="progressbar"
        aria-label="剩余时间"
        aria-valuemin={0}
        aria-valuemax={ttlSeconds}
        aria-valuenow={secondsLeft}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
      <p className="offer-question">{offer.userRemark}</p>
      <dl className="facts">
        <div>
          <dt>咨询人</dt>
          <dd>{offer.customerName}</dd>
        </div>
        <div>
          <dt>所在地区</dt>
          <dd>{offer.userLocation || '未填写'}</dd>
        </div>
        <div>
          <dt>期望时间</dt>
          <dd>{offer.expectTime || '尽快'}</dd>
        </div>
      </dl>
      <div className="actions">
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={props.onDecline}>
          拒绝
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={props.onAccept}>
          接单
        </button>
      </div>
    </article>
  );
}
