import { Timing } from '@lawline/contract';
import Swiper from 'antd-mobile/es/components/swiper';
import type { CSSProperties } from 'react';

/** The ticker's vertical autoplay (every 3 s); loaded after the first paint. */
export function TickerSwiper({ lines }: { lines: readonly string[] }) {
  return (
    <Swiper
      className="ll-ticker-swiper"
      direction="vertical"
      autoplay
      autoplayInterval={Timing.tickerAutoplayMs}
      loop
      indicator={() => null}
      allowTouchMove={false}
      style={{ '--height': '32px' } as CSSProperties}
    >
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same text may appear twice.
        <Swiper.Item key={index}>
          <p className="ll-ticker-line">{line}</p>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

export default TickerSwiper;
