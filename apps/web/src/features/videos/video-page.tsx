import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import browse from '../../ui/browse.module.css';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useVideo } from './api/videos.ts';
import styles from './videos.module.css';

/** Shown instead of the player while sample videos cannot be played (contract SAMPLE_VIDEO_NOTICE). */
const SAMPLE_NOTICE = '示例视频暂不可播放';

/** Video (/Video/:id): the player (or the sample notice), the description and the lawyer. */
export function VideoPage({ name }: PageProps) {
  const id = routeId(useParams().id);
  const query = useVideo(id);
  let body: ReactNode;
  if (id === null) body = <EmptyState text="视频不存在" />;
  else if (query.isPending) body = <SkeletonRows rows={2} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const video = query.data;
    body = (
      <article data-testid="video-detail">
        {video.playable && video.videoUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: lawyers' talks come without caption tracks.
          <video
            className={styles.player}
            src={video.videoUrl}
            poster={video.coverUrl}
            controls
            playsInline
          />
        ) : (
          <div className={`${styles.player} ${styles.playerOff}`} data-testid="video-notice">
            <img src={video.coverUrl} alt="" />
            <p>{video.notice || SAMPLE_NOTICE}</p>
          </div>
        )}
        <section className={browse.section}>
          <h2 className={styles.title}>{video.title}</h2>
          <p className={styles.sub}>
            {video.fieldName} · 时长{video.durationText} · {video.createDate.slice(0, 10)}
          </p>
          <p className={styles.desc}>{video.description}</p>
        </section>
        <section className={`${browse.section} ${styles.lawyer}`}>
          <img src={video.lawyer.faceUrl} alt="" width={48} height={48} />
          <div className={styles.lawyerText}>
            <strong>{video.lawyer.realName}</strong>
            <p className={styles.sub}>
              {video.lawyer.levelName ? `${video.lawyer.levelName}律师 · ` : ''}
              {video.lawyer.lawFirm}
            </p>
          </div>
          <Link className={styles.lecturerLink} to={paths.lecturerInfo(video.lawyer.id)}>
            讲师主页 ›
          </Link>
        </section>
      </article>
    );
  }
  return <PageShell name={name}>{body}</PageShell>;
}

export default VideoPage;
