import { keptAlivePages, type PageName } from '@lawline/contract';
import { Activity, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { type PageComponent, pageLoader } from '../page-modules.ts';

const components = new Map<PageName, LazyExoticComponent<PageComponent>>();

function keptComponent(name: PageName): LazyExoticComponent<PageComponent> {
  let component = components.get(name);
  if (!component) {
    component = lazy(pageLoader(name));
    components.set(name, component);
  }
  return component;
}

const keptSet = new Set<string>(keptAlivePages);

/**
 * The kept-alive pages (spec §2: LawAndPrivate, Lawyer, Information, ServiceMall). Once visited a
 * page stays mounted; while another route shows it is hidden with React's <Activity>, which keeps
 * its state and DOM (effects are paused).
 */
export function KeptAlivePages({ current }: { current: string | null }) {
  const [visited, setVisited] = useState<readonly PageName[]>([]);
  if (current && keptSet.has(current) && !visited.includes(current as PageName)) {
    setVisited([...visited, current as PageName]);
  }
  return keptAlivePages
    .filter((name) => visited.includes(name) || name === current)
    .map((name) => {
      const Page = keptComponent(name);
      return (
        <Activity key={name} mode={name === current ? 'visible' : 'hidden'}>
          <Suspense fallback={null}>
            <Page name={name} />
          </Suspense>
        </Activity>
      );
    });
}
