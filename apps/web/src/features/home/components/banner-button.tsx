import type { Banner } from '@lawline/contract/schemas';

export function BannerButton({ banner, onOpen }: { banner: Banner; onOpen: (banner: Banner) => void }) {
  return (
    <button
      type="button"
      className="ll-banner"
      onClick={() => onOpen(banner)}
      data-target={banner.url}
      aria-label={banner.title}
    >
      <img src={banner.img} alt={banner.title} className="ll-banner-img" />
    </button>
  );
}
