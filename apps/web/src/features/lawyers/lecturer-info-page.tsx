import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { LevelTag } from '../../ui/level-tag.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useLawyerProfile } from './api/lawyer-profile.ts';
import { useLecturerInfo } from './api/lecturer-info.ts';
import './lawyers.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** LecturerInfo (/LecturerInfo/:id): the lecturer lawyer and the videos they recorded. */
export function LecturerInfoPage({ name }: PageProps) {
  const id = routeId(useParams().id);
  // The profile says whether the lawyer lectures; only then is there a lecturer page to ask for.
  const profile = useLawyerProfile(id);
  const query = useLecturerInfo(id, profile.data?.isLecturer === true);
  if (id === null || profile.data?.isLecturer === false) {
    return (
      <PageShell name={name}>
        <EmptyState text={id === null ? '讲师不存在' : '该律师暂未开设讲堂'}>
          {id !== null && profile.data ? (
            <Link className="ll-link-button" to={paths.lawyerInfo(profile.data.id, profile.data.userId)}>
              查看律师主页 ›
            </Link>
          ) : null}
        </EmptyState>
      </PageShell>
    );
  }
  if (profile.isError) {
    return (
      <PageShell name={name}>
        <ErrorState onRetry={() => void profile.refetch()} />
      </PageShell>
    );
  }
  if (query.isPending || query.isError) {
    return (
      <PageShell name={name}>
        {query.isPending ? <SkeletonRows rows={3} /> : <ErrorState onRetry={() => void query.refetch()} />}
      </PageShell>
    );
  }
  const { lawyer, videos } = query.data;
  return (
    <PageShell name={name}>
      <header className="ll-detail-head" data-testid="lecturer-profile">
        <img className="ll-avatar ll-avatar-large" src={lawyer.faceUrl} alt="" width={80} height={80} />
        <div>
          <h2 className="ll-detail-title ll-lawyer-name">
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h2>
          <p className="ll-detail-sub">
            执业{lawyer.yearPractice}年 · {lawyer.lawFirm}
          </p>
          <Link className="ll-link-button" to={paths.lawyerInfo(lawyer.id, lawyer.userId)}>
            查看律师主页 ›
          </Link>
        </div>
      </header>
      {lawyer.intro ? (
        <section className="ll-section">
          <h3 className="ll-section-title">讲师简介</h3>
          <p className="ll-intro">{lawyer.intro}</p>
        </section>
      ) : null}
      <section className="ll-section">
        <h3 className="ll-section-title">讲解视频（{videos.length}）</h3>
        {videos.length === 0 ? (
          <p className="ll-empty-text">暂无视频</p>
        ) : (
          <ul className="ll-video-grid">
            {videos.map((video) => (
              <li key={video.id}>
                <Link to={paths.video(video.id)} className="ll-video-tile">
                  <img src={video.coverUrl} alt="" loading="lazy" />
                  <span className="ll-video-duration">
                    {Math.floor(video.durationS / 60)}:{pad(video.durationS % 60)}
                  </span>
                  <span className="ll-video-title">{video.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageShell>
  );
}

export default LecturerInfoPage;
