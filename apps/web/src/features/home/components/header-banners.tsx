import { parseLinkTarget, Timing } from '@lawline/contract';
import type { Banner } from '@lawline/contract/schemas';
import Swiper from 'antd-mobile/es/components/swiper';
import { useNavigate } from 'react-router';

/** The header banner carousel (spec §2: autoplay every 4 s; go_ targets route, http targets leave). */
export function HeaderBanners({ banners }: { banners: readonly Banner[] }) {
  const navigate = useNavigate();
  if (banners.length === 0) return null;

  const open = (banner: Banner) => {
    const target = parseLinkTarget(banner.url);
    if (target.kind === 'route') navigate(target.path);
    else if (target.kind === 'external') window.location.href = target.url;
    // 'ai' and 'coupon' targets are handled by the home features that come later.
  };

  return (
    <Swiper
      className="ll-banners"
      autoplay={banners.length > 1}
      autoplayInterval={Timing.bannerAutoplayMs}
      loop={banners.length > 1}
      aria-label="横幅"
    >
      {banners.map((banner) => (
        <Swiper.Item key={banner.id}>
          <button type="button" className="ll-banner" onClick={() => open(banner)}>
            <img src={banner.img} alt={banner.title} className="ll-banner-img" />
          </button>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
