import type { LawyerCall } from '@lawline/contract/schemas';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { useLawyerRealtime } from '../lawyer/realtime.ts';
import { useCurrentCall } from '../lawyer/use-current-call.ts';
import { useMe } from '../lawyer/use-me.ts';
import { Failed, Loading } from '../ui/states.tsx';
import { toast } from '../ui/toast.tsx';
import { CallPanel } from './call-panel.tsx';
import { FinishedCard } from './finished-card.tsx';
import { HeaderBar } from './header-bar.tsx';
import { OffersSection } from './offers-section.tsx';
import { OrdersSection } from './orders-section.tsx';
import { StatsCard } from './stats-card.tsx';

/** The lawyer's one screen: presence, today's totals, the offer or the call, finished calls. */
export function WorkbenchScreen() {
  const me = useMe();
  const current = useCurrentCall();
  const realtime = useLawyerRealtime(me.data?.userId ?? null);
  const [finished, setFinished] = useState<LawyerCall | null>(null);

  // A call that vanishes without our 挂断 was closed elsewhere (cancelled, or the real call ended).
  const shown = useRef<string | null>(null);
  const call = current.data ?? null;
  useEffect(() => {
    const previous = shown.current;
    shown.current = call?.orderId ?? null;
    if (previous && !call && finished?.orderId !== previous) toast('该订单已结束或已取消');
  }, [call, finished]);

  if (me.isPending) {
    return (
      <main className="app" data-screen="workbench">
        <Loading text="正在进入工作台…" />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className="app" data-screen="workbench">
        <Failed message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
      </main>
    );
  }

  return (
    <main className="app" data-screen="workbench">
      <HeaderBar me={me.data} realtime={realtime} />
      <div className="content">
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
