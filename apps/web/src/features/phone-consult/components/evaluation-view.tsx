import type { Evaluation } from '@lawline/contract/schemas';
import Rate from 'antd-mobile/es/components/rate';

/** A given evaluation: the stars, the tags and the words. */
export function EvaluationView({ evaluation }: { evaluation: Evaluation }) {
  return (
    <div className="ll-evaluation" data-testid="evaluation">
      <Rate readOnly value={evaluation.stars} aria-label={`${evaluation.stars}星`} />
      {evaluation.tags.length > 0 ? (
        <p className="ll-phone-chips ll-phone-chips-wrap">
          {evaluation.tags.map((tag) => (
            <span key={tag.id} className="ll-chip ll-chip-small">
              {tag.name}
            </span>
          ))}
        </p>
      ) : null}
      {evaluation.content ? <p className="ll-phone-remark">{evaluation.content}</p> : null}
    </div>
  );
}
