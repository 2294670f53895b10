import { keptAlivePages, type PageName } from '@lawline/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageShell } from './page-shell.tsx';

export interface PageProps {
  name: PageName;
}

const keptAlive = new Set<string>(keptAlivePages);
const SAMPLE_ROWS = Array.from({ length: 60 }, (_, i) => i + 1);

/**
 * Stand-in for a page not built yet: its title, a back arrow and 功能建设中 — never blank. The
 * kept-alive pages also get a long list and a counter, so keeping state and scroll can be seen.
 */
export function PagePlaceholder({ name }: PageProps) {
  const params = useParams();
  const [count, setCount] = useState(0);
  return (
    <PageShell name={name}>
      <section className="ll-placeholder">
        <p className="ll-placeholder-text">功能建设中</p>
        {params.id ? (
          <p className="ll-placeholder-param">{params.sub ? `${params.id} / ${params.sub}` : params.id}</p>
        ) : null}
      </section>
      {keptAlive.has(name) ? (
        <section className="ll-sample" aria-label="示例列表">
          <button
            type="button"
            className="ll-counter"
            data-testid="keep-alive-counter"
            onClick={() => setCount((n) => n + 1)}
          >
            点击次数 {count}
          </button>
          <ul className="ll-sample-list">
            {SAMPLE_ROWS.map((n) => (
              <li key={n} className="ll-sample-row">
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
