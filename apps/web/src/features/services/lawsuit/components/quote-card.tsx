import type { LawsuitSection } from '@lawline/contract/schemas';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { timeText } from '../../service-rules.ts';
import styles from '../lawsuit.module.css';
import { quoteBalance, yuan } from '../lawsuit-rules.ts';

export interface QuoteCardProps {
  lawsuit: LawsuitSection & { quote: NonNullable<LawsuitSection['quote']> };
  /** The quote awaits the person: 接受并签署委托合同 / 不接受（订金退还）. */
  canDecide: boolean;
  canAccept: boolean;
  canDecline: boolean;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  /** The order ended by declining (cancelled after a quote). */
  declined: boolean;
  /** The quote was accepted and the balance is still to pay. */
  balanceDue: boolean;
}

function balanceLabel(signed: boolean, balanceDue: boolean, balance: number): string {
  if (!signed) return '签署后需付尾款';
  if (balanceDue) return '待付尾款';
  return balance > 0 ? '尾款（已付清）' : '尾款';
}

/** 律师报价: the full fee, the lawyer's note, the deposit counted towards it and the balance. */
export function QuoteCard({
  lawsuit,
  canDecide,
  canAccept,
  canDecline,
  busy,
  onAccept,
  onDecline,
  declined,
  balanceDue,
}: QuoteCardProps) {
  const { quote } = lawsuit;
  const balance = lawsuit.balance ?? quoteBalance(quote.fee, lawsuit.deposit);
  const signed = lawsuit.entrust.signed;
  return (
    <SectionCard
      title="律师报价"
      testId="lawsuit-quote"
      extra={
        signed ? (
          <span className={styles.badge}>已接受</span>
        ) : declined ? (
          <span className={styles.note}>未接受</span>
        ) : null
      }
    >
      <dl className={styles.quoteRows}>
        <div className={styles.quoteRow}>
          <dt>律师费（全案）</dt>
          <dd data-testid="quote-fee">{lawsuit.free ? '白金卡免费代理' : yuan(quote.fee)}</dd>
        </div>
        {lawsuit.deposit > 0 ? (
          <div className={styles.quoteRow}>
            <dt>{declined ? '订金（已全额退还）' : '已付订金（抵扣律师费）'}</dt>
            <dd>{declined ? yuan(lawsuit.deposit) : `-${yuan(lawsuit.deposit)}`}</dd>
          </div>
        ) : null}
        {declined ? null : (
          <div className={`${styles.quoteRow} ${styles.quoteTotal}`}>
            <dt>{balanceLabel(signed, balanceDue, balance)}</dt>
            <dd data-testid="quote-balance">{yuan(balance)}</dd>
          </div>
        )}
      </dl>
      {quote.note ? <p className={styles.quoteNote}>{quote.note}</p> : null}
      <p className={styles.hint}>报价时间：{timeText(quote.at)}</p>
      {canDecide ? (
        <>
          <p className={styles.noteStrong}>
            接受报价需先签署《委托代理合同》，{balance > 0 ? '签署后支付尾款，' : ''}
            律师即开始代理；不接受报价
            {lawsuit.deposit > 0 ? '，已付订金全额退还' : '，订单取消'}。
          </p>
          <div className={styles.buttons}>
            {canAccept ? (
              <button
                type="button"
                className={styles.primary}
                onClick={onAccept}
                disabled={busy}
                data-testid="accept-quote"
              >
                接受并签署委托合同
              </button>
            ) : null}
            {canDecline ? (
              <button
                type="button"
                className={styles.secondary}
                onClick={onDecline}
                disabled={busy}
                aria-busy={busy}
                data-testid="decline-quote"
              >
                {busy ? '处理中…' : lawsuit.deposit > 0 ? '不接受（订金退还）' : '不接受'}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}
