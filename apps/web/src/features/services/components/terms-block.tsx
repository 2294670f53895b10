import type { ServiceTerms } from '@lawline/contract/schemas';
import { SectionCard } from '../../../ui/section-card.tsx';
import { ruleAfterPromise, yuanText } from '../service-rules.ts';
import styles from '../services.module.css';

export interface TermsBlockProps {
  terms: ServiceTerms;
  /** The card's heading; 费用与服务承诺 by default. */
  title?: string;
  /** Hide the price line (a form that shows each level's price itself). */
  hidePrice?: boolean;
}

/** 订金 for a deposit, else the price. */
function dueLabel(terms: ServiceTerms): string {
  return terms.upFront === 'deposit' ? '订金' : '服务费';
}

/**
 * What the person agrees to BEFORE paying (issue 14): the price (struck through when a card takes
 * something off), what is due now, the card's note, the promise (arranged within … or refunded)
 * and the cancel / refund rule — all the server's words (order/serviceTerms).
 */
export function TermsBlock({ terms, title = '费用与服务承诺', hidePrice = false }: TermsBlockProps) {
  const discounted = terms.needPayAmount !== terms.price;
  return (
    <SectionCard title={title} testId="service-terms">
      {hidePrice ? null : (
        <p className={styles.priceLine}>
          <span className={styles.priceUnit}>{dueLabel(terms)}</span>
          <span className={styles.price} data-testid="terms-pay-amount">
            {yuanText(terms.needPayAmount)}
          </span>
          {discounted ? <span className={styles.priceOld}>{yuanText(terms.price)}</span> : null}
        </p>
      )}
      {terms.rightNote ? (
        <p className={styles.rightNote} data-testid="terms-right-note">
          {terms.rightNote}
        </p>
      ) : null}
      {terms.freeLawsuitNote ? <p className={styles.note}>{terms.freeLawsuitNote}</p> : null}
      <ul className={styles.ruleList}>
        <li data-testid="terms-promise">{terms.arrangePromise}</li>
        <li data-testid="terms-cancel-rule">{ruleAfterPromise(terms.cancelRule, terms.arrangePromise)}</li>
      </ul>
    </SectionCard>
  );
}
