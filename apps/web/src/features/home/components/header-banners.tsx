import type { Banner } from '@lawline/contract/schemas';
import { lazy, Suspense } from 'react';
import { BannerButton } from './banner-button.tsx';

// The carousel's code (Swiper and its gesture and spring libraries) loads after the first paint;
// until then the first banner shows as it will in the carousel.
const BannerCarousel = lazy(() => import('./banner-carousel.tsx'));

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
  const still = <BannerButton banner={first} onOpen={onOpen} />;
  return (
    <section
      className="ll-banners"
      aria-label="横幅"
      data-testid="header-banners"
      data-count={banners.length}
    >
      {banners.length > 1 ? (
        <Suspense fallback={still}>
          <BannerCarousel banners={banners} onOpen={onOpen} />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
