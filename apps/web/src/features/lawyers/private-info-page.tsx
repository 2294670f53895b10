import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { routeId } from '../../lib/route-params.ts';
import { useSession } from '../../state/session.ts';
import { EmptyState } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { usePrivateCounselList } from './api/private-counsel.ts';
import { LawyerProfileView } from './components/lawyer-profile-view.tsx';
import { LoginNeeded } from './components/login-needed.tsx';
import styles from './lawyers.module.css';
import { useRemovePrivateLawyer } from './private-lawyer-page.tsx';

function PrivateInfo({ lawyerId }: { lawyerId: number }) {
  const navigate = useNavigate();
  const list = usePrivateCounselList(true);
  const removeLawyer = useRemovePrivateLawyer();
  const record = list.data?.find((r) => r.lawyerId === lawyerId);
  return (
    <>
      {record ? (
        <div className={styles.privateBanner}>
          <span>您的私人律师 · 添加于{record.createDate.slice(0, 10)}</span>
          <Button
            size="mini"
            color="danger"
            fill="outline"
            onClick={() =>
              void removeLawyer(record)
                .then((removed) => {
                  if (removed) navigate(paths.privateLawyer(), { replace: true });
                })
                .catch(() => {})
            }
          >
            移除
          </Button>
        </div>
      ) : null}
      <LawyerProfileView id={lawyerId} />
    </>
  );
}

/** PrivateInfo (/PrivateInfo/:lawyerId): one of the person's private lawyers. */
export function PrivateInfoPage({ name }: PageProps) {
  const loggedIn = useSession((s) => Boolean(s.token));
  const lawyerId = routeId(useParams().id);
  let body: ReactNode;
  if (!loggedIn) body = <LoginNeeded text="登录后查看您的私人律师" />;
  else if (lawyerId === null) body = <EmptyState text="律师不存在" />;
  else body = <PrivateInfo lawyerId={lawyerId} />;
  return <PageShell name={name}>{body}</PageShell>;
}

export default PrivateInfoPage;
