import { BannerPlace, Slogan } from '@lawline/contract';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useChannel } from '../../state/channel.ts';
import type { PageProps } from '../../ui/page-placeholder.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { HeaderBanners } from './components/header-banners.tsx';

/** Hot-service shortcuts of spec §2. */
const hotServices = [
  { title: '律师函', to: paths.lawyerLetter() },
  { title: '见面咨询', to: paths.subDoc('faceConsult') },
  { title: '合同审查', to: paths.commitDoc() },
  { title: '合同模板', to: paths.subDoc('docModule') },
  { title: '合同起草', to: paths.draftDoc() },
  { title: '诉讼代理', to: paths.subDoc('lawsuit') },
] as const;

/** Home (spec §2). For now: the channel's brand and header banners, and the hot services. */
export function HomePage({ name }: PageProps) {
  const channel = useChannel((s) => s.data);
  const headerBanners = channel?.banners.filter((b) => b.bannerPlace === BannerPlace.header) ?? [];

  return (
    <PageShell name={name}>
      <header className="ll-brand" data-testid="channel-brand">
        {channel?.logo ? (
          <img className="ll-brand-logo" src={channel.logo} alt={`${channel.name} logo`} />
        ) : null}
        <div className="ll-brand-text">
          <p className="ll-brand-name">{channel?.name ?? ''}</p>
          <p className="ll-brand-slogan">{channel?.slogan || Slogan}</p>
        </div>
      </header>
      <HeaderBanners banners={headerBanners} />
      <section className="ll-section" aria-labelledby="ll-hot-services">
        <h2 id="ll-hot-services" className="ll-section-title">
          热门服务
        </h2>
        <ul className="ll-grid">
          {hotServices.map((service) => (
            <li key={service.to}>
              <Link className="ll-grid-item" to={service.to}>
                {service.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </PageShell>
  );
}

export default HomePage;
