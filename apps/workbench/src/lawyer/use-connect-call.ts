import type { LawyerCall } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

/** lawyer/call/connect (sandbox): the call is answered; the call record starts now. */
export function connectCall(orderId: string): Promise<LawyerCall> {
  return api.post<LawyerCall>('lawyer/call/connect', { orderId });
}

export function useConnectCall() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationFn: connectCall,
    onSuccess: (call) => queryClient.setQueryData(lawyerKeys.currentCall, call),
    onError: () => void queryClient.invalidateQueries({ queryKey: lawyerKeys.currentCall }),
  });
}
