import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { LevelTag } from '../../ui/level-tag.tsx';
import { EmptyState, ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { useLawyerProfile } from './api/lawyer-profile.ts';
import { useLecturerInfo } from './api/lecturer-info.ts';
import styles from './lawyers.module.css';

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
            <Link className={styles.textLink} to={paths.lawyerInfo(profile.data.id, profile.data.userId)}>
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
      <header className={styles.profileHead} data-testid="lecturer-profile">
        <img className={styles.avatarLarge} src={lawyer.faceUrl} alt="" width={80} height={80} />
        <div className={styles.profileMain}>
          <h2 className={styles.profileName}>
            {lawyer.realName}
            <LevelTag level={lawyer.lawyerLevel} name={lawyer.levelName} />
          </h2>
          <p className={styles.sub}>
            执业{lawyer.yearPractice}年 · {lawyer.lawFirm}
          </p>
          <Link className={styles.textLink} to={paths.lawyerInfo(lawyer.id, lawyer.userId)}>
            查看律师主页 ›
          </Link>
        </div>
      </header>
      {lawyer.intro ? (
        <SectionCard title="讲师简介" level={3}>
          <p className={styles.intro}>{lawyer.intro}</p>
        </SectionCard>
      ) : null}
      <SectionCard title={`讲解视频（${videos.length}）`} level={3}>
        {videos.length === 0 ? (
          <p className={styles.emptyText}>暂无视频</p>
        ) : (
          <ul className={styles.videoGrid}>
            {videos.map((video) => (
              <li key={video.id}>
                <Link to={paths.video(video.id)} className={styles.videoTile}>
                  <img src={video.coverUrl} alt="" loading="lazy" />
                  <span className={styles.videoDuration}>
                    {Math.floor(video.durationS / 60)}:{pad(video.durationS % 60)}
                  </span>
                  <span className={styles.videoTitle}>{video.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </PageShell>
  );
}

export default LecturerInfoPage;
