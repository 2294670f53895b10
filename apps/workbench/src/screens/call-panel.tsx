import type { LawyerCall } from '@lawline/contract/schemas';
import { useServerNow } from '../clock.ts';
import { clockText, fieldText } from '../format.ts';
import { useConnectCall } from '../lawyer/use-connect-call.ts';
import { useHangupCall } from '../lawyer/use-hangup-call.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { cx } from '../ui/cx.ts';
import { Facts } from '../ui/facts.tsx';
import { Note } from '../ui/note.tsx';
import { Section } from '../ui/section.tsx';
import { Tag } from '../ui/tag.tsx';
import styles from './call-panel.module.css';

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
    <Section id="call-title" title="当前订单">
      <Card
        as="article"
        className={cx(styles.call, inCall && styles.live)}
        data-testid="call"
        data-stage={call.stage}
      >
        <div className={styles.status}>
          <Tag tone="field">{fieldText(call.consultField)}</Tag>
          {call.requestedByCustomer ? <Tag tone="requested">指定您</Tag> : null}
          <span className={styles.stage}>{inCall ? '通话中' : '待拨打'}</span>
        </div>
        <p className={styles.timer} data-testid="call-timer" aria-live="off">
          {inCall ? clockText(elapsed) : '00:00'}
        </p>
        <p className={styles.who}>
          {call.customerName}
          {call.secretNo ? <span> · 隐私号 {call.secretNo}</span> : null}
        </p>
        <p className={styles.question}>{call.userRemark}</p>
        <Facts
          items={[
            { label: '所在地区', value: call.userLocation || '未填写' },
            { label: '期望时间', value: call.expectTime || '尽快' },
          ]}
        />
        <Note>双方通过隐私号通话，彼此看不到真实号码。通话不足1分钟不收费。</Note>
        <div className={styles.actions}>
          {inCall ? null : (
            <Button disabled={busy} onClick={() => connect.run(call.orderId)}>
              {connect.isPending ? '正在接通…' : '拨通'}
            </Button>
          )}
          <Button variant="danger" disabled={busy} onClick={() => hangup.run(call.orderId)}>
            {hangup.isPending ? '正在挂断…' : '挂断'}
          </Button>
        </div>
      </Card>
    </Section>
  );
}
