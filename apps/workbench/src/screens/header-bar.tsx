import type { LawyerMe } from '@lawline/contract/schemas';
import { useState } from 'react';
import { lawyerLogout } from '../lawyer/auth.ts';
import type { RealtimeStatus } from '../lawyer/realtime.ts';
import { usePresence } from '../lawyer/use-presence.ts';

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
    <header className="topbar">
      <div className="who">
        <img className="avatar" src={me.faceUrl} alt="" width={40} height={40} />
        <div>
          <p className="who-name">
            {me.name}律师{me.levelName ? <span className="tag">{me.levelName}</span> : null}
          </p>
          <p className="who-sub">{me.lawFirm}</p>
        </div>
        <button
          type="button"
          className="link-btn"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void lawyerLogout().catch(() => undefined);
          }}
        >
          退出
        </button>
      </div>
      <div className="presence-row">
        <fieldset className="segmented">
          <legend className="sr-only">接单状态</legend>
          {(['online', 'offline'] as const).map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={me.presence === status}
              className={me.presence === status ? 'seg seg-on' : 'seg'}
              disabled={disabled}
              onClick={() => choose(status)}
            >
              {status === 'online' ? '在线' : '离线'}
            </button>
          ))}
        </fieldset>
        <p className={`presence presence-${me.presence}`} data-testid="presence">
          <span className="dot" aria-hidden="true" />
          {presenceText[me.presence]}
          {me.presence !== 'offline' && realtime !== 'off' ? (
            <span className={`conn conn-${realtime}`}> · {realtimeText[realtime]}</span>
          ) : null}
        </p>
      </div>
    </header>
  );
}
