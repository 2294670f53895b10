import { Timing } from '@lawline/contract';
import type { Banner } from '@lawline/contract/schemas';
import styles from '../home.module.css';
import { BannerButton } from './banner-button.tsx';
import { Carousel } from './carousel.tsx';

/** The header banners (spec §2: a carousel, autoplay every 4 s); the page decides what a target does. */
export function HeaderBanners({
  banners,
  onOpen,
}: {
  banners: readonly Banner[];
  onOpen: (banner: Banner) => void;
}) {
  const first = banners[0];
  if (!first) return null;
  return (
    <section
      className={styles.banners}
      aria-label="横幅"
      data-testid="header-banners"
      data-count={banners.length}
    >
      {banners.length > 1 ? (
        <Carousel
          slides={banners.map((banner) => <BannerButton key={banner.id} banner={banner} onOpen={onOpen} />)}
          intervalMs={Timing.bannerAutoplayMs}
          indicator
          swipe
        />
      ) : (
        <BannerButton banner={first} onOpen={onOpen} />
      )}
    </section>
  );
}
