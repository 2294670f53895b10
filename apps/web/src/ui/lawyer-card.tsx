import { shownRating } from '@lawline/contract';
import type { LawyerCard as Lawyer } from '@lawline/contract/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import browse from './browse.module.css';
import { LevelTag } from './level-tag.tsx';

export interface LawyerCardProps {
  lawyer: Lawyer;
  /** Where the card leads; the lawyer's page by default. */
  to?: string;
  /** Something after the card's text (a button of the page that lists it). */
  extra?: ReactNode;
}

/** A lawyer in a list (spec §3 lawyer card): face, name, level, years of practice, skill fields. */
export function LawyerCard({ lawyer, to, extra }: LawyerCardProps) {
  const rating = shownRating(lawyer.rating, lawyer.ratingCount);
  return (
    <article
      className={`${browse.card} ${browse.lawyerCard}`}
      data-testid="lawyer-card"
      data-lawyer-id={lawyer.id}
    >
      <Link className={browse.lawyerLink} to={to ?? paths.lawyerInfo(lawyer.id, lawyer.userId)}>
        <img className={browse.avatar} src={lawyer.faceUrl} alt="" loading="lazy" width={64} height={64} />
        <div className={browse.lawyerMain}>
          <h3 className={browse.lawyerName}>
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h3>
          <p className={browse.lawyerMeta}>
            执业{lawyer.yearPractice}年 · {lawyer.city} · {lawyer.lawFirm}
          </p>
          <p className={browse.lawyerFields} data-testid="lawyer-fields">
            {lawyer.skillFieldNames.map((name) => (
              <span key={name} className={`${browse.chip} ${browse.chipSmall}`}>
                {name}
              </span>
            ))}
          </p>
          <p className={browse.lawyerStats}>
            服务{lawyer.servedCount}次{rating ? ` · 评分${rating}` : ''}
          </p>
        </div>
      </Link>
      {extra ? <div className={browse.lawyerExtra}>{extra}</div> : null}
    </article>
  );
}
