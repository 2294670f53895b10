import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind } from '../../db/database.ts';
import type { PaymentProvider, PayVendor } from '../../providers/payments/port.ts';
import type { PhoneConsultation } from '../calls/plugin.ts';
import { CouponService } from '../coupons/service.ts';
import type { NotificationService } from '../messages/service.ts';
import type { MembershipService } from '../users/membership.ts';
import type { WeChatService } from '../wechat/service.ts';
import { PricingService } from './pricing.ts';
import { ProductOrderService } from './product-orders.ts';
import type { PaymentsModule } from './routes.ts';
import { PaymentService } from './service.ts';

/** Wires payments, product orders and coupons (issue 6) onto the phone consultation's jobs. */
export function createPayments(deps: {
  db: Db;
  dbKind: DbKind;
  clock: () => number;
  log: FastifyBaseLogger;
  calls: PhoneConsultation;
  notifications: NotificationService;
  membership: MembershipService;
  wechat: WeChatService;
  providers: Record<PayVendor, PaymentProvider>;
  queryFirstMs: number;
}): PaymentsModule {
  const log = deps.log.child({ module: 'payments' });
  const payments = new PaymentService({
    db: deps.db,
    dbKind: deps.dbKind,
    clock: deps.clock,
    jobs: deps.calls.jobs,
    engine: deps.calls.engine,
    notifications: deps.notifications,
    providers: deps.providers,
    boundOpenid: (userId) => deps.wechat.boundOpenid(userId),
    queryFirstMs: deps.queryFirstMs,
    log,
  });
  const pricing = new PricingService(deps.db, deps.membership, deps.clock);
  const productOrders = new ProductOrderService({
    db: deps.db,
    clock: deps.clock,
    pricing,
    payments,
    jobs: deps.calls.jobs,
    notifications: deps.notifications,
    log,
  });
  deps.calls.orders.addOtherOrders(productOrders);
  return { payments, productOrders, pricing, coupons: new CouponService(deps.db, deps.clock) };
}
