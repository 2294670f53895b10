import { LawyerLevelName } from '@lawline/contract';
import type { OrderLawyer } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import styles from '../phone.module.css';

export type LawyerBrief = Pick<OrderLawyer, 'name' | 'faceUrl' | 'level'> & { levelName?: string };

/** The lawyer of an order as the person sees them: photo, name, level name (never a phone number). */
export function OrderLawyerCard({ lawyer, children }: { lawyer: LawyerBrief; children?: ReactNode }) {
  const levelName = lawyer.levelName || (lawyer.level ? LawyerLevelName[lawyer.level] : '') || '';
  return (
    <div className={styles.orderLawyer} data-testid="order-lawyer">
      {lawyer.faceUrl ? (
        <img className={styles.orderLawyerFace} src={lawyer.faceUrl} alt="" width={56} height={56} />
      ) : (
        <span className={`${styles.orderLawyerFace} ${styles.orderLawyerInitial}`} aria-hidden="true">
          {lawyer.name.slice(0, 1)}
        </span>
      )}
      <div className={styles.orderLawyerMain}>
        <p className={styles.orderLawyerName}>
          <span>
            <span data-testid="order-lawyer-name">{lawyer.name}</span>
            {'律师'}
          </span>
          {levelName ? <span className={styles.orderLawyerLevel}>{levelName}律师</span> : null}
        </p>
        {children}
      </div>
    </div>
  );
}
