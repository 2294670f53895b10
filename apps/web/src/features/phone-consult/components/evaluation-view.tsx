import type { Evaluation } from '@lawline/contract/schemas';
import Rate from 'antd-mobile/es/components/rate';
import browse from '../../../ui/browse.module.css';
import styles from '../phone.module.css';

/** A given evaluation: the stars, the tags and the words. */
export function EvaluationView({ evaluation }: { evaluation: Evaluation }) {
  return (
    <div className={styles.evaluation} data-testid="evaluation">
      <Rate readOnly value={evaluation.stars} aria-label={`${evaluation.stars}星`} />
      {evaluation.tags.length > 0 ? (
        <p className={`${styles.chips} ${styles.chipsWrap}`}>
          {evaluation.tags.map((tag) => (
            <span key={tag.id} className={`${browse.chip} ${browse.chipSmall}`}>
              {tag.name}
            </span>
          ))}
        </p>
      ) : null}
      {evaluation.content ? <p className={styles.remark}>{evaluation.content}</p> : null}
    </div>
  );
}
