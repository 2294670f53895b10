import { Slogan } from '@lawline/contract';
import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useChannel } from '../../state/channel.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { posterTarget } from './poster-rules.ts';
import styles from './posters.module.css';

/** How long the landing shows before it moves on. */
const REDIRECT_MS = 1200;

/** PostersRedict: the landing of a scanned poster; it shows the brand, then opens the page. */
export function PostersRedirectPage({ name }: PageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const channel = useChannel((s) => s.data);
  const target = posterTarget(id);

  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  return (
    <PageShell name={name} back={false}>
      <section className={styles.landing}>
        {channel?.logo ? <img src={channel.logo} alt="" width={72} height={72} /> : null}
        <h2>{channel?.name ?? '律线法律咨询'}</h2>
        <p>{channel?.slogan || Slogan}</p>
        <p className={styles.landingSub}>正在为您打开…</p>
        <Button color="primary" onClick={() => navigate(target, { replace: true })}>
          立即进入
        </Button>
      </section>
    </PageShell>
  );
}

export default PostersRedirectPage;
