import { Timing } from '@lawline/contract';
import type { Banner } from '@lawline/contract/schemas';
import Swiper from 'antd-mobile/es/components/swiper';
import { BannerButton } from './banner-button.tsx';

/** The header carousel proper (antd-mobile Swiper, autoplay every 4 s); loaded after the first paint. */
export function BannerCarousel({
  banners,
  onOpen,
}: {
  banners: readonly Banner[];
  onOpen: (banner: Banner) => void;
}) {
  return (
    <Swiper autoplay autoplayInterval={Timing.bannerAutoplayMs} loop>
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <BannerButton banner={banner} onOpen={onOpen} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

export default BannerCarousel;
