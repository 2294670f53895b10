import type { LawyerOffer } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { toast } from '../ui/toast.tsx';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

/** lawyer/offer/decline: the order moves on to the next lawyer. */
export function declineOffer(orderId: string): Promise<null> {
  return api.post<null>('lawyer/offer/decline', { orderId });
}

export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationFn: declineOffer,
    onSettled: (_result, _error, orderId) => {
      queryClient.setQueryData<LawyerOffer[]>(lawyerKeys.offers, (list) =>
        list?.filter((offer) => offer.orderId !== orderId),
      );
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.offers });
    },
    onSuccess: () => toast('已拒绝，订单将转给其他律师'),
  });
}
