import type { LawyerCall } from '@lawline/contract/schemas';
import { durationText } from '../format.ts';

/** Shown once after 挂断: how long the call was; the bill lands in the list below. */
export function FinishedCard({ call, onDone }: { call: LawyerCall; onDone: () => void }) {
  const answered = call.durationSeconds !== null && call.startedAt !== null;
  return (
    <section className="section" aria-labelledby="finished-title">
      <h2 id="finished-title" className="section-title">
        当前订单
      </h2>
      <article className="card finished" data-testid="finished">
        <p className="finished-title">通话已结束</p>
        <p>
          {call.customerName} · {call.consultFieldName || '综合咨询'}
        </p>
        <p className="finished-duration">
          {answered ? `通话时长 ${durationText(call.durationSeconds)}` : '未接通'}
        </p>
        <p className="hint">账单已按通话记录生成，收入会计入下方的已完成通话。</p>
        <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
          继续接单
        </button>
      </article>
    </section>
  );
}
