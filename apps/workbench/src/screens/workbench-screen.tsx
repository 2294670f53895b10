import type { LawyerCall } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { lawyerKeys } from '../lawyer/keys.ts';
import { useLawyerRealtime } from '../lawyer/realtime.ts';
import { useCurrentCall } from '../lawyer/use-current-call.ts';
import { useMe } from '../lawyer/use-me.ts';
import { useServiceOffers } from '../lawyer/use-service-offers.ts';
import { paths, useRoute } from '../route.ts';
import { Callout } from '../ui/callout.tsx';
import { cx } from '../ui/cx.ts';
import { Failed, Loading } from '../ui/states.tsx';
import { toast } from '../ui/toast.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { CallPanel } from './call-panel.tsx';
import { FinishedCard } from './finished-card.tsx';
import { HeaderBar } from './header-bar.tsx';
import { MainNav } from './main-nav.tsx';
import { OffersSection } from './offers-section.tsx';
import { OrdersSection } from './orders-section.tsx';
import { ServicesScreen } from './services/services-screen.tsx';
import { StatsCard } from './stats-card.tsx';
import styles from './workbench-screen.module.css';

/**
 * The lawyer's screen: presence, then either phone consults (today's totals, the offer or the call,
 * finished calls) or service orders (offers, my orders, earnings, one order), chosen by the hash.
 */
export function WorkbenchScreen() {
  const queryClient = useQueryClient();
  const route = useRoute();
  const me = useMe();
  const serviceOffers = useServiceOffers();
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

  if (route.name !== 'calls') {
    return (
      <main className={cx(styles.app, styles.wide)} data-screen="workbench" data-view="services">
        <VisuallyHidden as="h1">律师工作台</VisuallyHidden>
        <HeaderBar me={me.data} realtime={realtime} />
        <div className={styles.content}>
          <MainNav route={route} serviceOffers={serviceOffers.data?.length ?? 0} />
          {call ? (
            <Callout tone="warning" title="您有一个电话咨询订单待处理">
              <a href={paths.calls()} className={styles.callLink}>
                去电话咨询处理
              </a>
            </Callout>
          ) : null}
          <ServicesScreen me={me.data} openId={route.name === 'service' ? route.orderId : null} />
        </div>
      </main>
    );
  }

  return (
    <main className={styles.app} data-screen="workbench" data-view="calls">
      <VisuallyHidden as="h1">律师工作台</VisuallyHidden>
      <HeaderBar me={me.data} realtime={realtime} />
      <div className={styles.content}>
        <MainNav route={route} serviceOffers={serviceOffers.data?.length ?? 0} />
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
