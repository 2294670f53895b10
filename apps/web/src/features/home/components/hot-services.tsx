import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import browse from '../../../ui/browse.module.css';
import styles from '../home.module.css';

/** Hot-service shortcuts of spec §2. */
const hotServices = [
  { title: '律师函', note: '律师出函 施压维权', to: paths.lawyerLetter() },
  { title: '见面咨询', note: '约见律师 当面沟通', to: paths.subDoc('faceConsult') },
  { title: '合同审查', note: '逐条审查 规避风险', to: paths.commitDoc() },
  { title: '合同模板', note: '海量模板 一键导出', to: paths.subDoc('docModule') },
  { title: '合同起草', note: '量身定制 专业起草', to: paths.draftDoc() },
  { title: '诉讼代理', note: '专业律师 代理诉讼', to: paths.subDoc('lawsuit') },
] as const;

export function HotServices() {
  return (
    <section
      className={browse.section}
      data-guide="services"
      data-testid="hot-services"
      aria-labelledby="home-hot-services"
    >
      <h2 id="home-hot-services" className={browse.sectionTitle}>
        热门服务
      </h2>
      <ul className={styles.grid}>
        {hotServices.map((service) => (
          <li key={service.to}>
            <Link className={styles.gridItem} to={service.to}>
              <span className={styles.gridTitle}>{service.title}</span>
              <span className={styles.gridNote}>{service.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
