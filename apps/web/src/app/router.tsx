import type { PageName } from '@lawline/contract';
import { createHashRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { childRoutes, pageOfPath, pageRoute } from './route-table.ts';

/** A hash-routed SPA never hydrates; the splash covers the first lazy load. */
function NoFallback() {
  return null;
}

export function buildRoutes(pages?: readonly PageName[]): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: NoFallback,
      children: childRoutes(pages),
    },
  ];
}

/**
 * The router starts with the landing page's route and adds a page's route the first time a
 * navigation asks for it (React Router's patchRoutesOnNavigation). Ranking every page's path
 * variants up front (about 80 pages, three variants each) was most of the router's start, a long
 * task on a slow phone (issue 7: total blocking time).
 */
export function createAppRouter(hash: string = window.location.hash) {
  const landing = pageOfPath(hash.replace(/^#/, ''));
  const known = new Set<PageName>(landing ? [landing] : []);
  return createHashRouter(buildRoutes([...known]), {
    patchRoutesOnNavigation: ({ path, patch }) => {
      const name = pageOfPath(path);
      if (!name || known.has(name)) return;
      known.add(name);
      patch('root', [pageRoute(name)]);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
