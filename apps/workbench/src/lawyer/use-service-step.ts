import type { LawyerServiceDetail, LawyerServiceStep } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { toast } from '../ui/toast.tsx';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The step's body without the common params (api.ts adds usertype), one type per action. */
export type LawyerStep = DistributiveOmit<LawyerServiceStep, 'channel' | 'channelCode' | 'usertype'>;

/** lawyer/services/step: one of the lawyer's steps (propose a time, submit a draft, quote, …). */
export function takeServiceStep(step: LawyerStep): Promise<unknown> {
  return api.post<unknown>('lawyer/services/step', step);
}

function isDetail(value: unknown, orderId: string): value is LawyerServiceDetail {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { orderId?: unknown }).orderId === orderId &&
    'lawyerActions' in value
  );
}

/**
 * A step of the open order. The form shows the error beside its fields (no toast); `done` is the
 * toast on success. Everything about service orders is asked again after it (list, offers, earnings).
 */
export function useServiceStep(orderId: string) {
  const queryClient = useQueryClient();
  return useGuardedMutation(
    {
      mutationFn: (vars: { step: LawyerStep; done: string; after?: () => void }) =>
        takeServiceStep(vars.step),
      onSuccess: (answer, vars) => {
        if (isDetail(answer, orderId)) queryClient.setQueryData(lawyerKeys.serviceDetail(orderId), answer);
        toast(vars.done);
        vars.after?.();
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: lawyerKeys.services }),
    },
    { toastErrors: false },
  );
}
