import { billableUnits, Charge, Limits } from '@lawline/contract';
import type { CallOrderDetail } from '@lawline/contract/schemas';
import { useParams } from 'react-router';
import { useChannel } from '../../state/channel.ts';
import { selectLoggedIn, useSession } from '../../state/session.ts';
import { SkeletonRows } from '../../ui/list-states.tsx';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { BillRows } from './components/bill-rows.tsx';
import { OrderProblem } from './components/order-problem.tsx';
import { useCallOrder } from './hooks/use-call-order.ts';
import styles from './phone.module.css';
import { billableUnitsText, dateTimeText, durationText, isCallOrderId, unitTextOf } from './phone-rules.ts';

const EXAMPLE_SECONDS = [59, 60, 61, 95, 120, 121] as const;

/** How a call is billed (contract rules/billing.ts), with examples computed by the same rule. */
function BillingRules() {
  const channel = useChannel((s) => s.data);
  const charge = channel?.payType === Charge.byPer ? Charge.byPer : Charge.byTime;
  const price = channel?.price;
  return (
    <SectionCard title="计费说明" testId="billing-rules">
      <ol className={styles.rules}>
        <li>通话不足1分钟（{Limits.freePhoneSeconds}秒）免费，不产生任何费用。</li>
        <li>按分钟计费（元/分钟）：通话满1分钟起按开始的每一分钟计费，含第1分钟，例如61秒计2分钟。</li>
        <li>按次计费（元/次）：通话满1分钟计1次。</li>
        <li>会员尊享免费咨询；持次卡的用户每次计费通话抵扣1次。</li>
        <li>通话时长以隐私号码平台的通话记录为准，从接通开始计算到挂断。</li>
      </ol>
      {price !== undefined ? (
        <p className={styles.note} data-testid="billing-price">
          当前价格：{price}
          {unitTextOf(channel?.payType)}
        </p>
      ) : null}
      <table className={styles.billingExamples}>
        <caption className={styles.note}>计费示例（{charge === Charge.byPer ? '按次' : '按分钟'}）</caption>
        <thead>
          <tr>
            <th scope="col">通话时长</th>
            <th scope="col">计费</th>
            {price !== undefined ? <th scope="col">费用</th> : null}
          </tr>
        </thead>
        <tbody>
          {EXAMPLE_SECONDS.map((seconds) => {
            const units = billableUnits(charge, seconds);
            return (
              <tr key={seconds}>
                <td>{durationText(seconds)}</td>
                <td>{units === 0 ? '免费' : billableUnitsText(charge, units)}</td>
                {price !== undefined ? <td>¥{Math.round(units * price * 100) / 100}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </SectionCard>
  );
}

function CallTimes({ detail }: { detail: CallOrderDetail }) {
  return (
    <SectionCard title="本次通话" testId="call-times">
      {detail.call?.startedAt ? (
        <dl className={styles.kv}>
          <div className={styles.kvRow}>
            <dt>接通时间</dt>
            <dd>{dateTimeText(detail.call.startedAt)}</dd>
          </div>
          <div className={styles.kvRow}>
            <dt>挂断时间</dt>
            <dd>{dateTimeText(detail.call.endedAt)}</dd>
          </div>
          {detail.bill ? null : (
            <div className={styles.kvRow}>
              <dt>通话时长</dt>
              <dd data-testid="call-duration">{durationText(detail.call.durationSeconds)}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p className={styles.note}>{detail.status === 2 ? '通话尚未结束' : '本订单没有通话记录'}</p>
      )}
      {detail.bill ? <BillRows bill={detail.bill} call={detail.call} payment={detail.payment} /> : null}
    </SectionCard>
  );
}

function OrderCallTimes({ orderId }: { orderId: string }) {
  const query = useCallOrder(orderId);
  if (query.isPending) return <SkeletonRows rows={2} label="通话记录加载中" />;
  if (query.isError) return <OrderProblem error={query.error} onRetry={() => void query.refetch()} />;
  return <CallTimes detail={query.data} />;
}

/**
 * CheckTime (/CheckTime/:orderId?): an order's call times, duration and bill when given one (and
 * logged in), and always how calls are billed: 不足1分钟免费, 按分钟计费, 按次计费, members free.
 */
export function CheckTimePage({ name }: PageProps) {
  const { id } = useParams();
  const loggedIn = useSession(selectLoggedIn);
  return (
    <PageShell name={name} className={styles.phone}>
      {loggedIn && isCallOrderId(id) ? <OrderCallTimes orderId={id} /> : null}
      <BillingRules />
    </PageShell>
  );
}

export default CheckTimePage;
