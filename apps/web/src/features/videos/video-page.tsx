import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useVideo } from './api/videos.ts';
import './videos.css';

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
          <video className="ll-player" src={video.videoUrl} poster={video.coverUrl} controls playsInline />
        ) : (
          <div className="ll-player ll-player-off" data-testid="video-notice">
            <img src={video.coverUrl} alt="" />
            <p>{video.notice || SAMPLE_NOTICE}</p>
          </div>
        )}
        <section className="ll-section">
          <h2 className="ll-detail-title">{video.title}</h2>
          <p className="ll-detail-sub">
            {video.fieldName} · 时长{video.durationText} · {video.createDate.slice(0, 10)}
          </p>
          <p className="ll-video-desc">{video.description}</p>
        </section>
        <section className="ll-section ll-video-lawyer">
          <img src={video.lawyer.faceUrl} alt="" width={48} height={48} />
          <div>
            <strong>{video.lawyer.realName}</strong>
            <p className="ll-detail-sub">
              {video.lawyer.levelName ? `${video.lawyer.levelName}律师 · ` : ''}
              {video.lawyer.lawFirm}
            </p>
          </div>
          <Link className="ll-link-button" to={paths.lecturerInfo(video.lawyer.id)}>
            讲师主页 ›
          </Link>
        </section>
      </article>
    );
  }
  return <PageShell name={name}>{body}</PageShell>;
}

export default VideoPage;
