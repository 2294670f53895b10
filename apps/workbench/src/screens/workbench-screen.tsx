import type { LawyerCall } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { lawyerKeys } from '../lawyer/keys.ts';
import { useLawyerRealtime } from '../lawyer/realtime.ts';
import { useCurrentCall } from '../lawyer/use-current-call.ts';
import { useMe } from '../lawyer/use-me.ts';
import { Failed, Loading } from '../ui/states.tsx';
import { toast } from '../ui/toast.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { CallPanel } from './call-panel.tsx';
import { FinishedCard } from './finished-card.tsx';
import { HeaderBar } from './header-bar.tsx';
import { OffersSection } from './offers-section.tsx';
import { OrdersSection } from './orders-section.tsx';
import { StatsCard } from './stats-card.tsx';
import styles from './workbench-screen.module.css';

/** The lawyer's one screen: presence, today's totals, the offer or the call, finished calls. */
export function WorkbenchScreen() {
  const queryClient = useQueryClient();
  const me = useMe();
  const current = useCurrentCall({ expectCall: me.data?.presence === 'busy' });
  const realtime = useLawyerRealtime(me.data?.userId ?? null);
  const [finished, setFinished] = useState<LawyerCall | null>(null);

  // A call that vanishes without our 挂断 was closed elsewhere (cancelled, or the real call ended).
  const shown = useRef<string | null>(null);
  const call = current.data ?? null;
  useEffect(() => {
    const previous = shown.current;
    shown.current = call?.orderId ?? null;
    if (previous && !call && finished?.orderId !== previous) {
      toast('该订单已结束或已取消');
      // The presence (busy → online), today's totals and the list changed with it.
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.me });
      void queryClient.invalidateQueries({ queryKey: lawyerKeys.orders });
    }
  }, [call, finished, queryClient]);

  if (me.isPending) {
    return (
      <main className={styles.app} data-screen="workbench">
        <VisuallyHidden as="h1">律师工作台</VisuallyHidden>
        <Loading text="正在进入工作台…" />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className={styles.app} data-screen="workbench">
        <VisuallyHidden as="h1">律师工作台</VisuallyHidden>
        <Failed message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
      </main>
    );
  }

  return (
    <main className={styles.app} data-screen="workbench">
      <VisuallyHidden as="h1">律师工作台</VisuallyHidden>
      <HeaderBar me={me.data} realtime={realtime} />
      <div className={styles.content}>
        <StatsCard me={me.data} />
        {call ? (
          <CallPanel
            call={call}
            onEnded={(ended) => {
              setFinished(ended);
              toast('已挂断');
            }}
          />
        ) : finished ? (
          <FinishedCard call={finished} onDone={() => setFinished(null)} />
        ) : current.isPending ? (
          <Loading />
        ) : (
          <OffersSection me={me.data} realtime={realtime} />
        )}
        <OrdersSection />
      </div>
    </main>
  );
}
