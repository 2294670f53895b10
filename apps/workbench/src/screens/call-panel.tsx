import type { LawyerCall } from '@lawline/contract/schemas';
import { useServerNow } from '../clock.ts';
import { clockText } from '../format.ts';
import { useConnectCall } from '../lawyer/use-connect-call.ts';
import { useHangupCall } from '../lawyer/use-hangup-call.ts';

/**
 * The accepted order: 拨通 then 挂断 (the sandbox call; with a real privacy-number service the
 * lawyer dials the masked number and the call record arrives by callback), with a running timer.
 */
export function CallPanel({ call, onEnded }: { call: LawyerCall; onEnded: (call: LawyerCall) => void }) {
  const connect = useConnectCall();
  const hangup = useHangupCall(onEnded);
  const inCall = call.stage === 'inCall';
  const now = useServerNow(inCall, 500);
  const elapsed = inCall && call.startedAt !== null ? (now - call.startedAt) / 1000 : 0;
  const busy = connect.isPending || hangup.isPending;

  return (
    <section className="section" aria-labelledby="call-title">
      <h2 id="call-title" className="section-title">
        当前订单
      </h2>
      <article
        className={inCall ? 'card call call-live' : 'card call'}
        data-testid="call"
        data-stage={call.stage}
      >
        <div className="call-status">
          <span className="field-tag">{call.consultFieldName || '综合咨询'}</span>
          <span className="call-stage">{inCall ? '通话中' : '待拨打'}</span>
        </div>
        <p className="call-timer" data-testid="call-timer" aria-live="off">
          {inCall ? clockText(elapsed) : '00:00'}
        </p>
        <p className="call-who">
          {call.customerName}
          {call.secretNo ? <span className="secret"> · 隐私号 {call.secretNo}</span> : null}
        </p>
        <p className="offer-question">{call.userRemark}</p>
        <dl className="facts">
          <div>
            <dt>所在地区</dt>
            <dd>{call.userLocation || '未填写'}</dd>
          </div>
          <div>
            <dt>期望时间</dt>
            <dd>{call.expectTime || '尽快'}</dd>
          </div>
        </dl>
        <p className="hint">双方通过隐私号通话，彼此看不到真实号码。通话不足1分钟不收费。</p>
        <div className="actions">
          {inCall ? null : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => connect.run(call.orderId)}
            >
              {connect.isPending ? '正在接通…' : '拨通'}
            </button>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => hangup.run(call.orderId)}
          >
            {hangup.isPending ? '正在挂断…' : '挂断'}
          </button>
        </div>
      </article>
    </section>
  );
}
