import type { LawyerMe } from '@lawline/contract/schemas';
import { errorMessage } from '../../api.ts';
import { yuanText } from '../../format.ts';
import { useServiceEarnings } from '../../lawyer/use-service-earnings.ts';
import { Card } from '../../ui/card.tsx';
import { Note } from '../../ui/note.tsx';
import { Section } from '../../ui/section.tsx';
import styles from './earnings-card.module.css';

/** Earnings by kind: phone consults (lawyer/me) beside each service kind (lawyer/services/earnings). */
export function EarningsCard({ me }: { me: LawyerMe }) {
  const earnings = useServiceEarnings();
  const rows = [
    { key: 'phone', title: '电话咨询', count: me.total.calls, earnings: me.total.earnings },
    ...(earnings.data ?? []).map((row) => ({
      key: row.kind,
      title: row.title,
      count: row.count,
      earnings: row.earnings,
    })),
  ];
  const total = rows.reduce((sum, row) => sum + row.earnings, 0);
  return (
    <Section id="earnings-title" title="累计收入">
      <Card className={styles.card} data-testid="service-earnings">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">服务</th>
              <th scope="col">单数</th>
              <th scope="col">收入</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-kind={row.key}>
                <th scope="row">{row.title}</th>
                <td>{row.count}</td>
                <td className={styles.money}>{yuanText(row.earnings)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">合计</th>
              <td />
              <td className={styles.money}>{yuanText(total)}</td>
            </tr>
          </tfoot>
        </table>
        {earnings.isError ? (
          <Note className={styles.error}>服务收入暂时读不到：{errorMessage(earnings.error)}</Note>
        ) : (
          <Note>服务订单在用户确认完成后计入收入。</Note>
        )}
      </Card>
    </Section>
  );
}
