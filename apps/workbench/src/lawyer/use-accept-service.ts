import type { ServiceOffer } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { toast } from '../ui/toast.tsx';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

/** lawyer/services/accept: exactly one lawyer wins an order; the others get 409 订单已被其他律师接单. */
export function acceptService(orderId: string): Promise<unknown> {
  return api.post<unknown>('lawyer/services/accept', { orderId });
}

export function useAcceptService(onAccepted: (orderId: string) => void) {
  const queryClient = useQueryClient();
  const dropOffer = (orderId: string) =>
    queryClient.setQueryData<ServiceOffer[]>(lawyerKeys.serviceOffers, (list) =>
      list?.filter((offer) => offer.orderId !== orderId),
    );
  return useGuardedMutation({
    mutationFn: acceptService,
    onSuccess: (_answer, orderId) => {
      dropOffer(orderId);
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.services });
      toast('接单成功，请按订单要求尽快处理');
      onAccepted(orderId);
    },
    // Taken by another lawyer, refunded or cancelled: the toast says which; the card goes.
    onError: (_error, orderId) => {
      dropOffer(orderId);
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.serviceOffers });
    },
  });
}
