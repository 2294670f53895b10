import type { LawyerMe } from '@lawline/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../api.ts';
import { serverNow, useServerNow } from '../clock.ts';
import { lawyerKeys } from '../lawyer/keys.ts';
import type { RealtimeStatus } from '../lawyer/realtime.ts';
import { useAcceptOffer } from '../lawyer/use-accept-offer.ts';
import { useDeclineOffer } from '../lawyer/use-decline-offer.ts';
import { useOffers } from '../lawyer/use-offers.ts';
import { usePresence } from '../lawyer/use-presence.ts';
import { Button } from '../ui/button.tsx';
import { Section } from '../ui/section.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { OfferCard } from './offer-card.tsx';

/** Incoming offers, live: pushed by the websocket, polled when it is down, counted down here. */
export function OffersSection({ me, realtime }: { me: LawyerMe; realtime: RealtimeStatus }) {
  const queryClient = useQueryClient();
  const listening = me.presence !== 'offline';
  const offers = useOffers({ enabled: listening, live: realtime === 'live' });
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const presence = usePresence();
  const open = (offers.data ?? []).filter((offer) => offer.expiresAt > serverNow() - 500);
  const now = useServerNow(open.length > 0);
  const visible = open.filter((offer) => offer.expiresAt > now);
  const lapsed = open.length - visible.length;

  // An offer whose time ran out has moved on to someone else: ask for the list again.
  const lastLapsed = useRef(0);
  useEffect(() => {
    if (lapsed > lastLapsed.current) void queryClient.invalidateQueries({ queryKey: lawyerKeys.offers });
    lastLapsed.current = lapsed;
  }, [lapsed, queryClient]);

  let body: ReactNode;
  if (!listening) {
    body = (
      <Empty title="您当前处于离线状态">
        <p>上线后，匹配您擅长领域的咨询会出现在这里。</p>
        <Button disabled={presence.isPending} onClick={() => presence.run('online')}>
          上线接单
        </Button>
      </Empty>
    );
  } else if (offers.isPending) {
    body = <Loading />;
  } else if (offers.isError && !offers.data) {
    body = <Failed message={errorMessage(offers.error)} onRetry={() => void offers.refetch()} />;
  } else if (visible.length === 0) {
    body = (
      <Empty title="暂无新订单">
        <p>请保持在线，新订单会立即提醒您。</p>
      </Empty>
    );
  } else {
    const busy = accept.isPending || decline.isPending;
    // A person who asked for this lawyer by name comes first.
    const ordered = [...visible].sort(
      (a, b) => Number(b.requestedByCustomer) - Number(a.requestedByCustomer),
    );
    body = ordered.map((offer) => (
      <OfferCard
        key={offer.orderId}
        offer={offer}
        secondsLeft={Math.max(0, Math.ceil((offer.expiresAt - now) / 1000))}
        ttlSeconds={Math.max(1, Math.round((offer.expiresAt - offer.offeredAt) / 1000))}
        busy={busy}
        onAccept={() => accept.run(offer.orderId)}
        onDecline={() => decline.run(offer.orderId)}
      />
    ));
  }

  return (
    <Section id="offers-title" title="新订单" badge={visible.length}>
      {body}
    </Section>
  );
}
