import type { LawyerMe } from '@lawline/contract/schemas';
import { yuanText } from '../format.ts';

/** Today's calls, minutes and earnings, and the all-time earnings (lawyer/me). */
export function StatsCard({ me }: { me: LawyerMe }) {
  return (
    <section className="card stats" aria-label="今日统计" data-testid="stats">
      <div className="stat">
        <p className="stat-value">{me.today.calls}</p>
        <p className="stat-label">今日通话(次)</p>
      </div>
      <div className="stat">
        <p className="stat-value">{me.today.minutes}</p>
        <p className="stat-label">今日时长(分钟)</p>
      </div>
      <div className="stat">
        <p className="stat-value">{yuanText(me.today.earnings)}</p>
        <p className="stat-label">今日收入</p>
      </div>
      <p className="stats-total">
        累计 {me.total.calls} 次 · {me.total.minutes} 分钟 · 收入 {yuanText(me.total.earnings)}
      </p>
    </section>
  );
}
