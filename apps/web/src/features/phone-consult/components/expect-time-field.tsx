import Picker from 'antd-mobile/es/components/picker';
import { useState } from 'react';
import browse from '../../../ui/browse.module.css';
import { useBackCloses } from '../../../ui/use-back-closes.ts';
import styles from '../phone.module.css';
import { EXPECT_NOW, expectDays, expectTimeText, slotsOf } from '../phone-rules.ts';

/** 期望回电: 立即 (the default), or a slot today / tomorrow from a picker. */
export function ExpectTimeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [visible, setVisible] = useState(false);
  // Back closes the picker (issue 23).
  useBackCloses(visible, () => setVisible(false));
  const isNow = value === EXPECT_NOW;
  return (
    <div className={`${styles.row} ${styles.rowStatic}`} data-testid="expect-time">
      <span className={styles.rowLabel} id="expect-time-label">
        期望回电
      </span>
      <fieldset className={styles.chips} aria-labelledby="expect-time-label">
        <button
          type="button"
          className={browse.chip}
          aria-pressed={isNow}
          onClick={() => onChange(EXPECT_NOW)}
        >
          立即
        </button>
        <button type="button" className={browse.chip} aria-pressed={!isNow} onClick={() => setVisible(true)}>
          {isNow ? '预约时段' : value}
        </button>
      </fieldset>
      <Picker
        title="选择期望回电时段"
        visible={visible}
        columns={(picked) => {
          const now = new Date();
          const days = expectDays(now);
          const day = typeof picked[0] === 'string' ? picked[0] : (days[0]?.value ?? '明天');
          return [days, slotsOf(day, now)];
        }}
        onClose={() => setVisible(false)}
        onConfirm={(picked) => {
          const [day, slot] = picked;
          if (typeof day === 'string' && typeof slot === 'string') onChange(expectTimeText(day, slot));
        }}
      />
    </div>
  );
}
