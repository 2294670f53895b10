import type { PageName } from '@lawline/contract';
import type { ComponentType } from 'react';
import type { PageProps } from '../ui/page-placeholder.tsx';

export type PageComponent = ComponentType<PageProps>;
export type PageModule = { default: PageComponent };
export type PageLoader = () => Promise<PageModule>;

/**
 * Which module renders each page, loaded on demand. A feature replaces its placeholder by adding
 * its page here (`SubTel: () => import('../features/phone-consult/sub-tel-page.tsx')`).
 */
const builtPages: Partial<Record<PageName, PageLoader>> = {
  Home: () => import('../features/home/home-page.tsx'),
  ErrPage: () => import('../features/errors/err-page.tsx'),
};

const placeholder: PageLoader = () => import('../ui/page-placeholder.tsx');

export function pageLoader(name: PageName): PageLoader {
  return builtPages[name] ?? placeholder;
}

export function isBuilt(name: PageName): boolean {
  return name in builtPages;
}
