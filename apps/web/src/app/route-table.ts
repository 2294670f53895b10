import { keptAlivePages, type PageName } from '@lawline/contract';
import { createElement } from 'react';
import { type LazyRouteFunction, type RouteObject, redirect } from 'react-router';
import { pageLoader } from './page-modules.ts';
import { allPages, paths, routePattern } from './paths.ts';

/**
 * The route table (spec §2), free of layout code so tests can match paths against it in Node:
 * `/` → first page, every named page (id = name, path `/{Name}/:id?/:sub?`, loaded on demand),
 * then the 404. React Router matches paths case-insensitively, so the spec's shortcuts
 * (/lawyerLetter, /draftDoc, /SubDoc/faceConsult) land on their pages.
 */

const keptAlive = new Set<string>(keptAlivePages);

export function isKeptAlive(name: string): boolean {
  return keptAlive.has(name);
}

/**
 * Renders nothing. Kept-alive pages are rendered (and kept) by the layout, so their route only marks
 * the place; the redirecting index route uses it too.
 */
export function KeptAliveSlot() {
  return null;
}

export function pageRoute(name: PageName): RouteObject {
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    const { default: Page } = await pageLoader(name)();
    if (isKeptAlive(name)) return { Component: KeptAliveSlot };
    return { element: createElement(Page, { name }) };
  };
  return { id: name, path: routePattern(name), lazy };
}

export const NOT_FOUND_ROUTE_ID = 'NotFound';

const pagesByLowerName = new Map<string, PageName>(allPages.map((name) => [name.toLowerCase(), name]));

/** The page a path names by its first segment, whatever its case (the router matches so too). */
export function pageOfPath(pathname: string): PageName | null {
  const first = pathname.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  return pagesByLowerName.get(first.toLowerCase()) ?? null;
}

/** The root's children: the index redirect, the given pages' routes (all by default), the 404. */
export function childRoutes(pages: readonly PageName[] = allPages): RouteObject[] {
  return [
    { index: true, loader: () => redirect(paths.home()), Component: KeptAliveSlot },
    ...pages.map(pageRoute),
    {
      id: NOT_FOUND_ROUTE_ID,
      path: '*',
      lazy: async () => ({ Component: (await import('../features/errors/not-found-page.tsx')).default }),
    },
  ];
}
