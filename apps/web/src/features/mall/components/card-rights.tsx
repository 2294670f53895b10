import type { CardRight } from '@lawline/contract/schemas';
import { rightTerms } from '../card-rules.ts';
import styles from '../mall.module.css';

/** The rights a member card gives (spec §6, §9). */
export function CardRights({ rights }: { rights: readonly CardRight[] }) {
  return (
    <ul className={styles.rights} data-testid="card-rights">
      {rights.map((right) => (
        <li key={right.rightCode} className={styles.right}>
          <span className={styles.rightName}>{right.rightName}</span>
          <span className={styles.rightTerms}>{rightTerms(right)}</span>
          {right.note ? <span className={styles.rightNote}>{right.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}
