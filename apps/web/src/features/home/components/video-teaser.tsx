import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import styles from '../home.module.css';

/** The video consultation teaser (spec §2), leading to the lawyer videos. */
export function VideoTeaser() {
  return (
    <section className={browse.section} data-testid="video-teaser">
      <Link to={paths.videoList()} className={styles.entryLink}>
        <span className={styles.entryBadge} aria-hidden="true">
          ▶
        </span>
        <span className={styles.entryText}>
          <strong>视频咨询律师</strong>
          <span>面对面视频沟通，律师讲解看得见</span>
        </span>
        <span className={styles.more}>去看看 ›</span>
      </Link>
    </section>
  );
}
