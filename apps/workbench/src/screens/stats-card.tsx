import type { LawyerMe } from '@lawline/contract/schemas';
import { yuanText } from '../format.ts';
import { Card } from '../ui/card.tsx';
import styles from './stats-card.module.css';

/** Today's calls, minutes and earnings, and the all-time earnings (lawyer/me). */
export function StatsCard({ me }: { me: LawyerMe }) {
  const stats = [
    { label: '今日通话(次)', value: String(me.today.calls), testId: 'stats-calls' },
    { label: '今日时长(分钟)', value: String(me.today.minutes), testId: 'stats-minutes' },
    { label: '今日收入', value: yuanText(me.today.earnings), testId: 'stats-earnings' },
  ];
  return (
    <Card as="section" className={styles.stats} aria-label="今日统计" data-testid="stats">
      {stats.map((stat) => (
        <div key={stat.label}>
          <p className={styles.value} data-testid={stat.testId}>
            {stat.value}
          </p>
          <p className={styles.label}>{stat.label}</p>
        </div>
      ))}
      <p className={styles.total}>
        累计 {me.total.calls} 次 · {me.total.minutes} 分钟 · 收入 {yuanText(me.total.earnings)}
      </p>
    </Card>
  );
}
