import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import styles from '../home.module.css';

/** The article club's two extra banner blocks (spec §2: members holding MC20026), to article lists. */
const blocks = [
  { title: '悦读会员 · 热门普法', note: '律师精选好文，每日更新', to: paths.information() },
  { title: '悦读会员 · 税务专栏', note: '个税、企业税务问答', to: paths.information({ tag: '税务' }) },
] as const;

export function MemberBanners() {
  return (
    <section className={styles.memberBanners} data-testid="member-banners" aria-label="会员专享">
      {blocks.map((block, index) => (
        <Link
          key={block.title}
          className={index === 1 ? `${styles.memberBanner} ${styles.memberBannerAlt}` : styles.memberBanner}
          to={block.to}
        >
          <strong>{block.title}</strong>
          <span>{block.note}</span>
        </Link>
      ))}
    </section>
  );
}
