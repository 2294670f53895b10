import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db, DbKind } from '../../db/database.ts';
import type { Auth } from '../../http/auth.ts';
import type { CourierProvider } from '../../providers/courier/port.ts';
import type { PhoneConsultation } from '../calls/plugin.ts';
import type { NotificationService } from '../messages/service.ts';
import type { PaymentService } from '../payments/service.ts';
import { lawyerServiceRoutes } from './lawyer-routes.ts';
import { createLawyerSide, type LawyerSide } from './lawyer-side.ts';
import { ServiceLifecycle } from './lifecycle.ts';
import { ServiceOrderList, servicePaySink } from './money.ts';
import { PersonServiceOrders } from './person.ts';
import { personServiceRoutes } from './routes.ts';
import type { NoticeSender } from './sms-notices.ts';

/** Service orders (issue 14): the lifecycle, the person's side, and what tests drive. */
export type ServiceOrders = {
  lifecycle: ServiceLifecycle;
  person: PersonServiceOrders;
  list: ServiceOrderList;
  /** The lawyer's desk, letters and courier, reminders, the sandbox autopilot (lawside). */
  lawyerSide: LawyerSide;
  courier: CourierProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Service orders (issue 14): the lifecycle and the person's side (tests drive the lifecycle). */
    services: ServiceOrders;
  }
}

/**
 * Wires service orders onto the phone consultation's jobs and the payments: a settled payment of
 * an 'S' order fires pay / payBalance; the person's order list and counts include them; an S id
 * is evaluated here (order/evaluateOrder).
 */
export function createServiceOrders(deps: {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  config: Config;
  log: FastifyBaseLogger;
  calls: PhoneConsultation;
  notifications: NotificationService;
  payments: PaymentService;
  courier: CourierProvider;
  /** The SMS port's notices; null when the provider sends none. */
  sms: NoticeSender | null;
}): ServiceOrders {
  const log = deps.log.child({ module: 'services' });
  const lifecycle = new ServiceLifecycle({
    db: deps.db,
    dbKind: deps.dbKind,
    clock: deps.clock,
    jobs: deps.calls.jobs,
    notifications: deps.notifications,
    payments: deps.payments,
    log,
  });
  const person = new PersonServiceOrders({
    db: deps.db,
    clock: deps.clock,
    dataDir: deps.config.dataDir,
    lifecycle,
    payments: deps.payments,
    log,
  });
  const lawyerSide = createLawyerSide({
    db: deps.db,
    clock: deps.clock,
    dataDir: deps.config.dataDir,
    lifecycle,
    jobs: deps.calls.jobs,
    courier: deps.courier,
    sms: deps.sms,
    courierTrackMs:
      deps.config.courier.provider === 'sandbox'
        ? Math.max(5_000, Math.round(3_600_000 / deps.config.courier.speed))
        : 30 * 60_000,
    autopilot: {
      enabled: deps.config.mode === 'sandbox' && deps.config.calls.autopilot.enabled,
      acceptMs: deps.config.calls.autopilot.acceptMs,
    },
    log,
  });
  const list = new ServiceOrderList(deps.db);
  deps.payments.setServiceOrders(servicePaySink(lifecycle));
  deps.calls.orders.addOtherOrders(list);
  deps.calls.orders.setServiceEvaluator((userId, input) => person.evaluate(userId, input));
  return { lifecycle, person, list, lawyerSide, courier: deps.courier };
}

/** The /api/v2 routes of service orders: the person's (order/*) and, when present, the lawyer's. */
export const serviceOrderApi: FastifyPluginAsyncZod<{ auth: Auth; services: ServiceOrders }> = async (
  api,
  { auth, services },
) => {
  await api.register(personServiceRoutes, { auth, orders: services.person });
  await api.register(lawyerServiceRoutes, { auth, desk: services.lawyerSide.desk });
};
