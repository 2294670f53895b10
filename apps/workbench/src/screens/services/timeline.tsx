import type { ServiceEvent } from '@lawline/contract/schemas';
import { timeText } from '../../format.ts';
import { FileList } from './file-list.tsx';
import styles from './timeline.module.css';

/** What happened on the order, newest first (the server sends it oldest first). */
export function Timeline({ events }: { events: readonly ServiceEvent[] }) {
  if (events.length === 0) return <p className={styles.empty}>暂无记录</p>;
  return (
    <ol className={styles.timeline} data-testid="service-timeline">
      {[...events].reverse().map((event) => (
        <li key={`${event.at}-${event.title}`} className={styles.event}>
          <p className={styles.head}>
            <span className={styles.title}>{event.title}</span>
            <time className={styles.time}>{timeText(event.at)}</time>
          </p>
          {event.text ? <p className={styles.text}>{event.text}</p> : null}
          <FileList files={event.files} />
        </li>
      ))}
    </ol>
  );
}
