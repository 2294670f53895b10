import { useState } from 'react';
import { errorMessage } from '../../api.ts';
import { useServiceStep } from '../../lawyer/use-service-step.ts';
import { navigate, paths } from '../../route.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Field, FormError, TextArea } from '../../ui/field.tsx';
import { checkText, Limits } from './checks.ts';

/** 放弃此单: the order goes back to other lawyers (the person's promise keeps running). */
export function ReleaseForm({ orderId }: { orderId: string }) {
  const step = useServiceStep(orderId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmAction
      label="放弃此单"
      variant="ghost"
      confirmVariant="danger"
      question="放弃后订单会重新派给其他律师，您提出的安排和稿件将作废。请说明原因："
      confirmLabel="确认放弃"
      busy={step.isPending}
      onConfirm={() => {
        const problem = checkText('原因', reason, Limits.releaseReason.min, Limits.releaseReason.max);
        setError(problem);
        if (problem) return;
        step.run({
          step: { orderId, action: 'release', reason: reason.trim() },
          done: '已放弃此单，订单将派给其他律师',
          after: () => navigate(paths.services()),
        });
      }}
    >
      <Field label="原因" error={error} count={{ used: reason.trim().length, max: Limits.releaseReason.max }}>
        {(c) => (
          <TextArea
            {...c}
            name="releaseReason"
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <FormError message={step.mutation.error ? errorMessage(step.mutation.error) : null} />
    </ConfirmAction>
  );
}
