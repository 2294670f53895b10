import browse from '../../../ui/browse.module.css';
import styles from '../home.module.css';

/** The AI legal consultation entry on the home page (spec §2); the flow itself loads on demand. */
export function AiEntry({ onOpen }: { onOpen: () => void }) {
  return (
    <section className={browse.section} data-testid="ai-entry">
      <button type="button" className={styles.entryLink} onClick={onOpen}>
        <span className={styles.entryBadge} aria-hidden="true">
          AI
        </span>
        <span className={styles.entryText}>
          <strong>AI法律咨询</strong>
          <span>智能解答常见法律问题，7×24小时在线</span>
        </span>
        <span className={styles.more}>去咨询 ›</span>
      </button>
    </section>
  );
}
