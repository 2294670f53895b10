import type { CardRight } from '@lawline/contract/schemas';
import { rightTerms } from '../card-rules.ts';

/** The rights a member card gives (spec §6, §9). */
export function CardRights({ rights }: { rights: readonly CardRight[] }) {
  return (
    <ul className="ll-rights" data-testid="card-rights">
      {rights.map((right) => (
        <li key={right.rightCode} className="ll-right">
          <span className="ll-right-name">{right.rightName}</span>
          <span className="ll-right-terms">{rightTerms(right)}</span>
          {right.note ? <span className="ll-right-note">{right.note}</span> : null}
        </li>
      ))}
    </ul>
  );
}
