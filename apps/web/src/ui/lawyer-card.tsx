import type { LawyerCard as Lawyer } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { LevelTag } from './level-tag.tsx';
import './browse.css';

export interface LawyerCardProps {
  lawyer: Lawyer;
  /** Where the card leads; the lawyer's page by default. */
  to?: string;
  /** Something after the card's text (a button of the page that lists it). */
  extra?: ReactNode;
}

/** A lawyer in a list (spec §3 lawyer card): face, name, level, years of practice, skill fields. */
export function LawyerCard({ lawyer, to, extra }: LawyerCardProps) {
  return (
    <article className="ll-card ll-lawyer-card" data-testid="lawyer-card" data-lawyer-id={lawyer.id}>
      <Link className="ll-lawyer-link" to={to ?? paths.lawyerInfo(lawyer.id, lawyer.userId)}>
        <img className="ll-avatar" src={lawyer.faceUrl} alt="" loading="lazy" width={64} height={64} />
        <div className="ll-lawyer-main">
          <h3 className="ll-lawyer-name">
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h3>
          <p className="ll-lawyer-meta">
            执业{lawyer.yearPractice}年 · {lawyer.city} · {lawyer.lawFirm}
          </p>
          <p className="ll-lawyer-fields" data-testid="lawyer-fields">
            {lawyer.skillFieldNames.map((name) => (
              <span key={name} className="ll-chip ll-chip-small">
                {name}
              </span>
            ))}
          </p>
          <p className="ll-lawyer-stats">
            服务{lawyer.servedCount}次 · 评分{lawyer.rating.toFixed(1)}
          </p>
        </div>
      </Link>
      {extra ? <div className="ll-lawyer-extra">{extra}</div> : null}
    </article>
  );
}
