import Picker from 'antd-mobile/es/components/picker';
import { useState } from 'react';
import { EXPECT_NOW, expectDays, expectTimeText, slotsOf } from '../phone-rules.ts';

/** 期望回电: 立即 (the default), or a slot today / tomorrow from a picker. */
export function ExpectTimeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [visible, setVisible] = useState(false);
  const isNow = value === EXPECT_NOW;
  return (
    <div className="ll-phone-row ll-phone-row-static" data-testid="expect-time">
      <span className="ll-phone-row-label" id="ll-expect-label">
        期望回电
      </span>
      <fieldset className="ll-phone-chips" aria-labelledby="ll-expect-label">
        <button type="button" className="ll-chip" aria-pressed={isNow} onClick={() => onChange(EXPECT_NOW)}>
          立即
        </button>
        <button type="button" className="ll-chip" aria-pressed={!isNow} onClick={() => setVisible(true)}>
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
