import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Ask for `queryKey` again when the page comes back into view (back from the mini-program's pay
 * page, the WeChat cashier or another app): the order may have been paid meanwhile.
 */
export function useRefetchOnReturn(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const parsed = JSON.parse(key) as QueryKey;
    const refresh = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: parsed });
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries({ queryKey: parsed });
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('pageshow', onShow);
    };
  }, [key, queryClient]);
}
