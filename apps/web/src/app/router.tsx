import { createHashRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { childRoutes } from './route-table.ts';

/** A hash-routed SPA never hydrates; the splash covers the first lazy load. */
function NoFallback() {
  return null;
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: NoFallback,
      children: childRoutes(),
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
