import type { LawyerCall } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

/** lawyer/call/hangup (sandbox): the call record is written and the order billed. */
export function hangupCall(orderId: string): Promise<LawyerCall> {
  return api.post<LawyerCall>('lawyer/call/hangup', { orderId });
}

export function useHangupCall(onEnded: (call: LawyerCall) => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: lawyerKeys.currentCall });
    void queryClient.invalidateQueries({ queryKey: lawyerKeys.orders });
    void queryClient.invalidateQueries({ queryKey: lawyerKeys.me });
    void queryClient.invalidateQueries({ queryKey: lawyerKeys.offers });
  };
  return useGuardedMutation({
    mutationFn: hangupCall,
    onSuccess: (call) => {
      queryClient.setQueryData(lawyerKeys.currentCall, null);
      onEnded(call);
      refresh();
    },
    onError: refresh,
  });
}
