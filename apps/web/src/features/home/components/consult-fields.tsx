import { CommonProblems, HomeConsultFields } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';

/** The phone-consult field grid of spec §3 (8 fields, 税务咨询 marked 新), each opening SubTel. */
export function ConsultFieldGrid({ priceText }: { priceText: string }) {
  return (
    <section
      className="ll-section ll-consult"
      data-guide="fields"
      data-testid="consult-fields"
      aria-labelledby="ll-consult-title"
    >
      <header className="ll-section-head">
        <h2 id="ll-consult-title" className="ll-section-title">
          电话咨询 · 60秒连线律师
        </h2>
        {priceText ? <span className="ll-section-note">{priceText}</span> : null}
      </header>
      <ul className="ll-field-grid">
        {HomeConsultFields.map((field) => (
          <li key={field.code}>
            <Link className="ll-field" to={paths.subTel(field.code)} data-field={field.code}>
              <span className={`ll-field-icon ll-field-icon-${field.code}`} aria-hidden="true">
                {field.name.slice(0, 1)}
              </span>
              <span className="ll-field-name">{field.name}</span>
              {'isNew' in field && field.isNew ? (
                <span className="ll-new-mark" data-testid="new-mark">
                  新
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The common-problems block (spec §2): eight shortcuts opening SubTel with the spec's field ids. */
export function CommonProblemsBlock() {
  return (
    <section className="ll-section" data-testid="common-problems" aria-labelledby="ll-problems-title">
      <h2 id="ll-problems-title" className="ll-section-title">
        常见问题
      </h2>
      <ul className="ll-problem-list">
        {CommonProblems.map((problem) => (
          <li key={problem.name}>
            <Link className="ll-chip ll-problem" to={paths.subTel(problem.field)} data-field={problem.field}>
              {problem.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
