import { keptAlivePages, type PageName, Pages } from '@lawline/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import styles from './page-placeholder.module.css';
import { navBarHidden, PageShell } from './page-shell.tsx';

export interface PageProps {
  name: PageName;
}

const keptAlive = new Set<string>(keptAlivePages);
const SAMPLE_ROWS = Array.from({ length: 60 }, (_, i) => i + 1);

/** SubDoc's services (spec §2 /SubDoc/:service) by their Chinese names. */
const subDocServices: Readonly<Record<string, string>> = {
  faceConsult: '面对面咨询',
  docModule: '合同模板',
  lawsuit: '诉讼代理',
};

/** The title of a placeholder page: the service's name for SubDoc, else the page's Chinese title. */
export function placeholderTitle(name: PageName, id?: string): string {
  if (name === 'SubDoc' && id) {
    const service = Object.keys(subDocServices).find((key) => key.toLowerCase() === id.toLowerCase());
    if (service) return subDocServices[service] ?? Pages.SubDoc;
  }
  return Pages[name];
}

/**
 * Stand-in for a page not built yet: its Chinese title, 功能建设中 and the frame's back control (or
 * WeChat's) — never blank, and never a route key or a raw parameter. The kept-alive pages also get a long list and a counter, so
 * keeping state and scroll can be seen.
 */
export function PagePlaceholder({ name }: PageProps) {
  const params = useParams();
  const [count, setCount] = useState(0);
  const title = placeholderTitle(name, params.id);
  return (
    <PageShell name={name} title={title}>
      <section className={styles.placeholder}>
        {/* The frame's NavBar shows the title; inside WeChat its title bar does, small: say it here. */}
        {navBarHidden ? <h2 className={styles.heading}>{title}</h2> : null}
        <p className={styles.text}>功能建设中，敬请期待</p>
      </section>
      {keptAlive.has(name) ? (
        <section className={styles.sample} aria-label="示例列表">
          <button
            type="button"
            className={styles.counter}
            data-testid="keep-alive-counter"
            onClick={() => setCount((n) => n + 1)}
          >
            点击次数 {count}
          </button>
          <ul className={styles.sampleList}>
            {SAMPLE_ROWS.map((n) => (
              <li key={n} className={styles.sampleRow}>
                列表项 {n}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageShell>
  );
}

export default PagePlaceholder;
