import { CommonProblems, HomeConsultFields } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import styles from '../home.module.css';

/** Each field's disc: a tint with a dark glyph (blue unless listed here). */
const fieldTone: Partial<Record<number, string | undefined>> = {
  2: styles.toneOrange,
  6: styles.toneOrange,
  1: styles.toneTeal,
  3: styles.toneTeal,
  24: styles.tonePink,
  7: styles.toneGrey,
};

/** The phone-consult field grid of spec §3 (8 fields, 税务咨询 marked 新), each opening SubTel. */
export function ConsultFieldGrid({ priceText }: { priceText: string }) {
  return (
    <section
      className={browse.section}
      data-guide="fields"
      data-testid="consult-fields"
      aria-labelledby="home-consult-title"
    >
      <header className={styles.sectionHead}>
        <h2 id="home-consult-title" className={browse.sectionTitle}>
          电话咨询律师
        </h2>
        {priceText ? <span className={styles.sectionNote}>{priceText}</span> : null}
      </header>
      <ul className={styles.fieldGrid}>
        {HomeConsultFields.map((field) => (
          <li key={field.code}>
            <Link className={styles.fieldLink} to={paths.subTel(field.code)} data-field={field.code}>
              <span
                className={[styles.fieldIcon, fieldTone[field.code]].filter(Boolean).join(' ')}
                aria-hidden="true"
              >
                {field.name.slice(0, 1)}
              </span>
              <span className={styles.fieldName}>{field.name}</span>
              {'isNew' in field && field.isNew ? (
                <span className={styles.newMark} data-testid="new-mark">
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
    <section className={browse.section} data-testid="common-problems" aria-labelledby="home-problems-title">
      <h2 id="home-problems-title" className={browse.sectionTitle}>
        常见问题
      </h2>
      <ul className={styles.problemList}>
        {CommonProblems.map((problem) => (
          <li key={problem.name}>
            <Link className={styles.problem} to={paths.subTel(problem.field)} data-field={problem.field}>
              {problem.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
