import type { Banner } from '@lawline/contract/schemas';
import styles from '../home.module.css';

export function BannerButton({ banner, onOpen }: { banner: Banner; onOpen: (banner: Banner) => void }) {
  return (
    <button
      type="button"
      className={styles.banner}
      data-testid="banner"
      onClick={() => onOpen(banner)}
      data-target={banner.url}
      aria-label={banner.title}
    >
      <img src={banner.img} alt={banner.title} className={styles.bannerImg} />
    </button>
  );
}
