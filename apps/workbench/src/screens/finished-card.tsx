import type { LawyerCall } from '@lawline/contract/schemas';
import { durationText, fieldText } from '../format.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Note } from '../ui/note.tsx';
import { Section } from '../ui/section.tsx';
import styles from './finished-card.module.css';

/** Shown once after 挂断: how long the call was; the bill lands in the list below. */
export function FinishedCard({ call, onDone }: { call: LawyerCall; onDone: () => void }) {
  const answered = call.durationSeconds !== null && call.startedAt !== null;
  return (
    <Section id="finished-title" title="当前订单">
      <Card as="article" className={styles.finished} data-testid="finished">
        <p className={styles.title}>通话已结束</p>
        <p>
          {call.customerName} · {fieldText(call.consultField)}
        </p>
        <p className={styles.duration}>
          {answered ? `通话时长 ${durationText(call.durationSeconds)}` : '未接通'}
        </p>
        <Note>账单已按通话记录生成，收入会计入下方的已完成通话。</Note>
        <Button block onClick={onDone}>
          继续接单
        </Button>
      </Card>
    </Section>
  );
}
