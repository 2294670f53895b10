import { Timing } from '@lawline/contract';
import { SoundOutline } from 'antd-mobile-icons';
import { useOrderDynamic } from '../api/order-dynamic.ts';
import styles from '../home.module.css';
import { Carousel } from './carousel.tsx';

/**
 * Recent service events (order/dynamic), scrolling up every 3 s (spec §2); hidden when empty.
 * It asks for them itself (only the ticker renders again when they come) and keeps its line's
 * height while it waits, so nothing below moves when they arrive.
 */
export function DynamicTicker() {
  const dynamic = useOrderDynamic();
  if (dynamic.isPending)
    return <div className={`${styles.ticker} ${styles.tickerWaiting}`} aria-hidden="true" />;
  const lines = dynamic.data ?? [];
  const first = lines[0];
  if (first === undefined) return null;
  return (
    <section className={styles.ticker} data-testid="dynamic-ticker" aria-label="最新动态">
      <SoundOutline className={styles.tickerIcon} aria-hidden="true" />
      {lines.length > 1 ? (
        <Carousel
          className={styles.tickerSwiper}
          direction="vertical"
          intervalMs={Timing.tickerAutoplayMs}
          slides={lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same text may appear twice.
            <p key={index} className={styles.tickerLine}>
              {line}
            </p>
          ))}
        />
      ) : (
        <div className={styles.tickerSwiper}>
          <p className={styles.tickerLine}>{first}</p>
        </div>
      )}
    </section>
  );
}
