import type { FastifyInstance } from 'fastify';
import { builtAppRoutes } from './built-app.ts';

export const WORKBENCH_PREFIX = '/workbench/';

/** The lawyer workbench (apps/workbench) at /workbench/, served like the H5 app. */
export async function workbenchAppRoutes(
  app: FastifyInstance,
  opts: { workbenchDist: string },
): Promise<void> {
  await builtAppRoutes(app, {
    prefix: WORKBENCH_PREFIX,
    dist: opts.workbenchDist,
    notBuiltMessage: '律师工作台尚未构建，请先运行 npm run build',
  });
}
