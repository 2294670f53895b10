import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db, DbKind } from '../../db/database.ts';
import type { Auth } from '../../http/auth.ts';
import type { TelephonyProvider } from '../../providers/telephony/port.ts';
import type { AuthService } from '../auth/service.ts';
import { JobService } from '../jobs/service.ts';
import type { NotificationService } from '../messages/service.ts';
import type { RealtimeService } from '../realtime/service.ts';
import type { SessionService } from '../sessions/service.ts';
import type { MembershipService } from '../users/membership.ts';
import { telephonyCallbackRoutes } from './callback-routes.ts';
import { CallEngine } from './engine.ts';
import { lawyerWorkbenchRoutes } from './lawyer-routes.ts';
import { CallOrderService } from './orders.ts';
import { callOrderRoutes } from './routes.ts';
import { WorkbenchService } from './workbench.ts';

export type PhoneConsultation = {
  jobs: JobService;
  engine: CallEngine;
  orders: CallOrderService;
  workbench: WorkbenchService;
  sessions: SessionService;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Phone consultation (issue 5): services tests drive (jobs.runDueJobs(), the engine). */
    calls: PhoneConsultation;
  }
}

/** Wires the phone consultation's services (issue 5). */
export function createPhoneConsultation(deps: {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  config: Config;
  log: FastifyBaseLogger;
  realtime: RealtimeService;
  notifications: NotificationService;
  membership: MembershipService;
  telephony: TelephonyProvider;
  authService: AuthService;
  sessions: SessionService;
}): PhoneConsultation {
  const log = deps.log.child({ module: 'calls' });
  const jobs = new JobService(deps.db, deps.clock, log, deps.config.calls.jobsLockMs);
  const engine = new CallEngine({
    db: deps.db,
    dbKind: deps.dbKind,
    clock: deps.clock,
    config: deps.config.calls,
    jobs,
    realtime: deps.realtime,
    notifications: deps.notifications,
    membership: deps.membership,
    telephony: deps.telephony,
    log,
  });
  const common = { db: deps.db, dbKind: deps.dbKind, clock: deps.clock, engine };
  return {
    jobs,
    engine,
    orders: new CallOrderService({ ...common, config: deps.config.calls, jobs }),
    workbench: new WorkbenchService({ ...common, auth: deps.authService, sessions: deps.sessions }),
    sessions: deps.sessions,
  };
}

/** The /api/v2 routes: order/*, tag/* (consumers) and lawyer/* (workbench). */
export const phoneConsultationApi: FastifyPluginAsyncZod<{ auth: Auth; calls: PhoneConsultation }> = async (
  api,
  { auth, calls },
) => {
  await api.register(callOrderRoutes, { auth, orders: calls.orders });
  await api.register(lawyerWorkbenchRoutes, { auth, workbench: calls.workbench, sessions: calls.sessions });
};

/**
 * The telephony callback, the sandbox's report path (sandbox call reports are POSTed to our own
 * callback, so the real code runs), and the job poller (stopped on close).
 */
export async function installPhoneConsultation(
  app: FastifyInstance,
  calls: PhoneConsultation,
  config: Config,
): Promise<void> {
  const { callbackSecret, callbackIps, jobsPollMs } = config.calls;
  await app.register(telephonyCallbackRoutes, {
    engine: calls.engine,
    secret: callbackSecret,
    allowIps: callbackIps,
  });
  if (calls.engine.telephony.isSandbox) {
    calls.engine.setReportSink(async (reports) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/callbacks/telephony/${encodeURIComponent(callbackSecret)}`,
        payload: reports,
        remoteAddress: callbackIps[0] ?? '127.0.0.1',
      });
      if (res.statusCode !== 200) throw new Error(`sandbox telephony callback answered ${res.statusCode}`);
    });
  }
  app.decorate('calls', calls);
  app.addHook('onReady', async () => {
    await calls.engine.releaseStrandedLawyers();
    calls.jobs.start(jobsPollMs);
  });
  app.addHook('onClose', async () => {
    await calls.orders.drain();
    await calls.jobs.stop();
  });
}
