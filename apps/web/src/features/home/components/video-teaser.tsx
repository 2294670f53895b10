import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';

/** The video consultation teaser (spec §2), leading to the lawyer videos. */
export function VideoTeaser() {
  return (
    <section className="ll-section ll-video-teaser" data-testid="video-teaser">
      <Link to={paths.videoList()} className="ll-video-teaser-link">
        <span className="ll-video-teaser-play" aria-hidden="true">
          ▶
        </span>
        <span className="ll-video-teaser-text">
          <strong>视频咨询律师</strong>
          <span>面对面视频沟通，律师讲解看得见</span>
        </span>
        <span className="ll-more">去看看 ›</span>
      </Link>
    </section>
  );
}
