import type { OrderLawyer } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import styles from '../services.module.css';

/** The order's lawyer as the person sees them: photo, name, level (never a phone number). */
export function ServiceLawyer({ lawyer, children }: { lawyer: OrderLawyer; children?: ReactNode }) {
  return (
    <div className={styles.lawyer} data-testid="service-lawyer">
      {lawyer.faceUrl ? (
        <img className={styles.lawyerFace} src={lawyer.faceUrl} alt="" width={52} height={52} />
      ) : (
        <span className={`${styles.lawyerFace} ${styles.lawyerInitial}`} aria-hidden="true">
          {lawyer.name.slice(0, 1)}
        </span>
      )}
      <div className={styles.lawyerMain}>
        <p className={styles.lawyerName}>
          <span data-testid="service-lawyer-name">{lawyer.name}律师</span>
          {lawyer.levelName ? <span className={styles.levelTag}>{lawyer.levelName}律师</span> : null}
        </p>
        {children}
      </div>
    </div>
  );
}
