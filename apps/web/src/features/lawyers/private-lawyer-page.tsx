import type { PrivateCounsel } from '@lawline/contract/schemas';
import { Link } from 'react-router';
import { showToast } from '../../app/api-effects.ts';
import { paths } from '../../app/paths.ts';
import { useSession } from '../../state/session.ts';
import { confirmDialog } from '../../ui/confirm.ts';
import { InfiniteList } from '../../ui/infinite-list.tsx';
import { LawyerCard } from '../../ui/lawyer-card.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { usePrivateCounselMutations, usePrivateCounselPage } from './api/private-counsel.ts';
import { LoginNeeded } from './components/login-needed.tsx';
import styles from './lawyers.module.css';

/** Asks, then removes one private lawyer; resolves true when removed. */
export function useRemovePrivateLawyer(): (record: PrivateCounsel) => Promise<boolean> {
  const { remove } = usePrivateCounselMutations();
  return async (record) => {
    const confirmed = await confirmDialog({
      content: `确定将${record.lawyer.realName}律师移出私人律师吗？`,
      confirmText: '移除',
      cancelText: '取消',
    });
    if (!confirmed) return false;
    await remove.mutateAsync(record.id);
    showToast('已移除');
    return true;
  };
}

function PrivateList() {
  const query = usePrivateCounselPage(true);
  const removeLawyer = useRemovePrivateLawyer();
  return (
    <InfiniteList
      query={query}
      label="我的私人律师"
      keyOf={(record) => record.id}
      emptyText="还没有私人律师，去律师主页添加吧"
      renderItem={(record) => (
        <LawyerCard
          lawyer={record.lawyer}
          to={paths.privateInfo(record.lawyerId)}
          extra={
            <button
              type="button"
              className={styles.dangerLink}
              onClick={() => void removeLawyer(record).catch(() => {})}
            >
              移除
            </button>
          }
        />
      )}
    />
  );
}

/** PrivateLawyer: the person's private counsel list (logged in), removing with a confirmation. */
export function PrivateLawyerPage({ name }: PageProps) {
  const loggedIn = useSession((s) => Boolean(s.token));
  return (
    <PageShell
      name={name}
      right={
        <Link className={styles.navLink} to={paths.lawyer()}>
          找律师
        </Link>
      }
    >
      <h2 className={styles.srOnly}>我的私人律师</h2>
      {loggedIn ? <PrivateList /> : <LoginNeeded text="登录后查看您的私人律师" />}
    </PageShell>
  );
}

export default PrivateLawyerPage;
