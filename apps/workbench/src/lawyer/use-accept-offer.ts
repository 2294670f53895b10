import type { LawyerCall, LawyerOffer } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { toast } from '../ui/toast.tsx';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

/** lawyer/offer/accept: of two lawyers accepting one order exactly one wins (the other gets 409). */
export function acceptOffer(orderId: string): Promise<LawyerCall> {
  return api.post<LawyerCall>('lawyer/offer/accept', { orderId });
}

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  const dropOffer = (orderId: string) =>
    queryClient.setQueryData<LawyerOffer[]>(lawyerKeys.offers, (list) =>
      list?.filter((offer) => offer.orderId !== orderId),
    );
  return useGuardedMutation({
    mutationFn: acceptOffer,
    onSuccess: (call, orderId) => {
      dropOffer(orderId);
      queryClient.setQueryData(lawyerKeys.currentCall, call);
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.me });
      toast('接单成功，请尽快拨打');
    },
    onError: (_error, orderId) => {
      // Taken by another lawyer, expired or cancelled: it is no longer this lawyer's to take.
      dropOffer(orderId);
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.offers });
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.currentCall });
    },
  });
}
