import type { LawyerMe } from '@lawline/contract/schemas';
import { useState } from 'react';
import { lawyerLogout } from '../lawyer/auth.ts';
import type { RealtimeStatus } from '../lawyer/realtime.ts';
import { usePresence } from '../lawyer/use-presence.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { Tag } from '../ui/tag.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import styles from './header-bar.module.css';

const presenceText: Record<LawyerMe['presence'], string> = {
  online: '在线接单中',
  offline: '已离线',
  busy: '通话中',
};

const realtimeText: Record<RealtimeStatus, string> = {
  off: '',
  connecting: '连接中',
  live: '实时推送',
  polling: '每2秒刷新',
};

/** Who is logged in, the 在线 / 离线 switch, the connection state and 退出. */
export function HeaderBar({ me, realtime }: { me: LawyerMe; realtime: RealtimeStatus }) {
  const presence = usePresence();
  const [leaving, setLeaving] = useState(false);
  const busy = me.presence === 'busy';
  const disabled = busy || presence.isPending;
  const choose = (status: 'online' | 'offline') => {
    if (disabled || me.presence === status) return;
    presence.run(status);
  };
  return (
    <header className={styles.topbar}>
      <div className={styles.who}>
        <img className={styles.avatar} src={me.faceUrl} alt="" width={40} height={40} />
        <div className={styles.identity}>
          <p className={styles.name}>
            {me.name}律师{me.levelName ? <Tag tone="info">{me.levelName}</Tag> : null}
          </p>
          <p className={styles.firm}>{me.lawFirm}</p>
        </div>
        <Button
          variant="text"
          className={styles.logout}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void lawyerLogout().catch(() => undefined);
          }}
        >
          退出
        </Button>
      </div>
      <div className={styles.presenceRow}>
        <fieldset className={styles.segmented}>
          <VisuallyHidden as="legend">接单状态</VisuallyHidden>
          {(['online', 'offline'] as const).map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={me.presence === status}
              className={cx(styles.segment, me.presence === status && styles.segmentOn)}
              disabled={disabled}
              onClick={() => choose(status)}
            >
              {status === 'online' ? '在线' : '离线'}
            </button>
          ))}
        </fieldset>
        <p className={cx(styles.presence, styles[me.presence])} data-testid="presence">
          <span className={styles.dot} aria-hidden="true" />
          {presenceText[me.presence]}
          {me.presence !== 'offline' && realtime !== 'off' ? (
            <span className={realtime === 'polling' ? styles.polling : undefined}>
              {' '}
              · {realtimeText[realtime]}
            </span>
          ) : null}
        </p>
      </div>
    </header>
  );
}
