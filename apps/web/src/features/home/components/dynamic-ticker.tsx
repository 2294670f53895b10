import { SoundOutline } from 'antd-mobile-icons';
import { lazy, Suspense } from 'react';

const TickerSwiper = lazy(() => import('./ticker-swiper.tsx'));

/** Recent service events (order/dynamic), scrolling up every 3 s (spec §2); hidden when empty. */
export function DynamicTicker({ lines }: { lines: readonly string[] }) {
  const first = lines[0];
  if (first === undefined) return null;
  const still = (
    <div className="ll-ticker-swiper">
      <p className="ll-ticker-line">{first}</p>
    </div>
  );
  return (
    <section className="ll-ticker" data-testid="dynamic-ticker" aria-label="最新动态">
      <SoundOutline className="ll-ticker-icon" aria-hidden="true" />
      {lines.length > 1 ? (
        <Suspense fallback={still}>
          <TickerSwiper lines={lines} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
