import type { LawsuitSection } from '@lawline/contract/schemas';
import { SectionCard } from '../../../../ui/section-card.tsx';
import { timeText } from '../../service-rules.ts';
import styles from '../lawsuit.module.css';
import { OrderFiles } from './order-files.tsx';

/** 案件进展: the lawyer's milestones (立案 / 开庭 / 判决 / 执行 …), newest first, with documents. */
export function MilestoneTimeline({ lawsuit, closed }: { lawsuit: LawsuitSection; closed: boolean }) {
  const newestFirst = [...lawsuit.milestones].sort((a, b) => b.at - a.at);
  return (
    <SectionCard title="案件进展" testId="lawsuit-milestones">
      {newestFirst.length === 0 ? (
        <p className={styles.note}>
          {closed ? '律师未记录进展。' : '律师将在立案、开庭、判决、执行等节点更新进展，届时会通知您。'}
        </p>
      ) : (
        <ol className={styles.timeline}>
          {newestFirst.map((m, index) => (
            <li
              key={`${m.at}-${m.milestone}`}
              className={index === 0 ? `${styles.milestone} ${styles.milestoneLatest}` : styles.milestone}
              data-testid="milestone"
            >
              <div className={styles.milestoneHead}>
                <h3 className={styles.milestoneName}>{m.name}</h3>
                <time className={styles.milestoneTime} dateTime={new Date(m.at).toISOString()}>
                  {timeText(m.at)}
                </time>
              </div>
              {m.note ? <p className={styles.milestoneNote}>{m.note}</p> : null}
              {m.files.length > 0 ? <OrderFiles files={m.files} /> : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
