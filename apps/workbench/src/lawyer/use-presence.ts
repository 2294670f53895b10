import type { LawyerMe } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import { toast } from '../ui/toast.tsx';
import { lawyerKeys } from './keys.ts';
import { useGuardedMutation } from './use-guarded-mutation.ts';

type Presence = LawyerMe['presence'];

/** lawyer/presence: go online (take offers) or offline (open offers move on to others). */
export function setPresence(status: 'online' | 'offline'): Promise<{ status: Presence }> {
  return api.post<{ status: Presence }>('lawyer/presence', { status });
}

export function usePresence() {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationFn: setPresence,
    onSuccess: (result, asked) => {
      queryClient.setQueryData<LawyerMe>(lawyerKeys.me, (me) =>
        me ? { ...me, presence: result.status } : me,
      );
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.offers });
      if (result.status === 'busy')
        toast(asked === 'online' ? '通话结束后将保持在线' : '通话结束后将自动离线');
      else toast(result.status === 'online' ? '已上线，新订单会在这里出现' : '已离线，不再接收新订单');
    },
  });
}
