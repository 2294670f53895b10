import type { Banner } from '@lawline/contract/schemas';
import styles from '../home.module.css';

/** The body and middle banners (spec §2 banner places): stacked images, same targets as the header. */
export function PlaceBanners({
  banners,
  place,
  onOpen,
}: {
  banners: readonly Banner[];
  place: 'body' | 'middle';
  onOpen: (banner: Banner) => void;
}) {
  if (banners.length === 0) return null;
  return (
    <section
      className={styles.placeBanners}
      data-testid={`${place}-banners`}
      aria-label={place === 'body' ? '推荐服务' : '更多推荐'}
    >
      {banners.map((banner) => (
        <button
          key={banner.id}
          type="button"
          className={styles.placeBanner}
          onClick={() => onOpen(banner)}
          data-target={banner.url}
          aria-label={banner.title}
        >
          <img src={banner.img} alt={banner.title} loading="lazy" />
        </button>
      ))}
    </section>
  );
}
