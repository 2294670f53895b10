import type { Banner } from '@lawline/contract/schemas';

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
      className={`ll-place-banners ll-place-${place}`}
      data-testid={`${place}-banners`}
      aria-label="推荐"
    >
      {banners.map((banner) => (
        <button
          key={banner.id}
          type="button"
          className="ll-place-banner"
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
