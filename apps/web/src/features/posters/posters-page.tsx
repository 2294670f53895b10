import type { Poster, PosterInfo } from '@lawline/contract/schemas';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ErrorState, SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { usePosterInfo } from './api/poster-info.ts';
import styles from './posters.module.css';
import { qrDataUrl } from './qr.ts';

function PosterCard({ info, poster }: { info: PosterInfo; poster: Poster }) {
  const qr = useMemo(() => qrDataUrl(info.shareLink), [info.shareLink]);
  return (
    <figure
      className={styles.poster}
      data-testid="poster"
      data-kind={poster.kind}
      style={{ backgroundImage: `url("${poster.img}")`, backgroundColor: info.primaryColor }}
    >
      <header className={styles.brand}>
        {info.logo ? <img src={info.logo} alt="" width={40} height={40} /> : null}
        <span>{info.channelName}</span>
      </header>
      <div className={styles.text}>
        <h2>{poster.title}</h2>
        <p>{poster.subtitle}</p>
      </div>
      <figcaption className={styles.qr}>
        <img
          src={qr}
          alt={`分享链接二维码：${info.shareLink}`}
          data-testid="poster-qr"
          data-link={info.shareLink}
        />
        <span>
          长按识别二维码
          <br />
          60秒连线专业律师
        </span>
      </figcaption>
    </figure>
  );
}

/** PostersHaibao (the share poster) and PostersThr (the activity poster), with a QR code of the share link. */
export function PostersPage({ name }: PageProps) {
  const kind: Poster['kind'] = name === 'PostersThr' ? 'activity' : 'share';
  const query = usePosterInfo();
  let body: ReactNode;
  if (query.isPending) body = <SkeletonRows rows={2} />;
  else if (query.isError) body = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const poster = query.data.posters.find((p) => p.kind === kind) ?? query.data.posters[0];
    body = poster ? (
      <>
        <PosterCard info={query.data} poster={poster} />
        <p className={styles.hint}>长按海报保存或截图，分享给好友</p>
        <nav className={styles.links} aria-label="其他海报">
          {name === 'PostersThr' ? (
            <Link to={paths.postersHaibao()}>分享海报</Link>
          ) : (
            <Link to={paths.postersThr()}>活动海报</Link>
          )}
        </nav>
      </>
    ) : (
      <ErrorState text="暂无海报" />
    );
  }
  return <PageShell name={name}>{body}</PageShell>;
}

export default PostersPage;
