import { firstPage, Timing } from '@lawline/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiEffects } from '../api/client.ts';
import { useSession } from '../state/session.ts';
import { paths } from './paths.ts';
import type { AppRouter } from './router.tsx';

const loadToast = () => import('./toast.ts');

/** Fetch the toast code early: a "network error" toast must not depend on the network. */
export function prefetchToast(): void {
  void loadToast();
}

export function showToast(message: string): void {
  void loadToast().then(({ toast }) => toast(message, Timing.toastMs));
}

/** The app's effects of the API client's error catalogue (spec §8). */
export function createAppEffects(router: AppRouter, queryClient: QueryClient): ApiEffects {
  return {
    toast: showToast,
    clearSession: () => useSession.getState().clear(),
    showLogin: () => useSession.getState().showLogin(),
    navigate: (to, state) => {
      void router.navigate(to, { state });
    },
    reloadHome: () => {
      const onHome = router.state.matches.at(-1)?.route.id === firstPage;
      if (onHome) void queryClient.invalidateQueries();
      else void router.navigate(paths.root, { replace: true });
    },
  };
}
