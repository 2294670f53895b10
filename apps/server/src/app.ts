import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Db, DbKind } from './db/database.ts';
import { installAuth } from './http/auth.ts';
import { installCommonParams } from './http/common-params.ts';
import { frameworkErrors, installErrorHandler } from './http/error-handler.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import './http/request-context.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { webAppRoutes } from './http/web-app.ts';
import { workbenchAppRoutes } from './http/workbench-app.ts';
import { AccountClosureService } from './modules/account/closure.ts';
import { RealNameService } from './modules/account/real-name.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { eraseCallOrderPersonalData } from './modules/calls/erase-personal-data.ts';
import {
  createPhoneConsultation,
  installPhoneConsultation,
  phoneConsultationApi,
} from './modules/calls/plugin.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { ChannelService } from './modules/channels/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { counselRoutes } from './modules/counsel/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { benchRoutes } from './modules/dev/bench-routes.ts';
import { cashierRoutes } from './modules/dev/cashier-routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { instituteRoutes } from './modules/institutes/routes.ts';
import { lawyerRoutes } from './modules/lawyers/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { NotificationService } from './modules/messages/service.ts';
import { createPayments } from './modules/payments/plugin.ts';
import {
  notifyPaths,
  type PaymentsModule,
  paymentRoutes,
  payNotifyRoutes,
} from './modules/payments/routes.ts';
import { posterRoutes } from './modules/posters/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { InProcessHub, type RealtimeHub } from './modules/realtime/hub.ts';
import { RedisHub } from './modules/realtime/redis-hub.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { RealtimeService } from './modules/realtime/service.ts';
import { eraseServiceOrderPersonalData } from './modules/services/erase-personal-data.ts';
import { createServiceOrders, serviceOrderApi } from './modules/services/plugin.ts';
import { SessionService } from './modules/sessions/service.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { TemplateCatalogue } from './modules/templates/catalogue.ts';
import { TemplateService } from './modules/templates/exports.ts';
import { mailOutboxRoutes } from './modules/templates/mail-outbox-routes.ts';
import { eraseTemplateExportPersonalData } from './modules/templates/repo.ts';
import { templateRoutes } from './modules/templates/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { UploadService } from './modules/uploads/service.ts';
import { UserService } from './modules/users/service.ts';
import { videoRoutes } from './modules/videos/routes.ts';
import { createProviders, type Providers } from './providers/index.ts';
import { SandboxMailProvider } from './providers/mail/sandbox.ts';
import {
  createRealPayments,
  createSandboxPayments,
  type SandboxPayments,
} from './providers/payments/index.ts';
import type { PaymentProvider, PayVendor } from './providers/payments/port.ts';
import { SandboxSmsProvider } from './providers/sms/sandbox.ts';
import './modules/realtime/decorations.ts';
import { UserCentreService } from './modules/users/centre.ts';
import { userCentreRoutes } from './modules/users/routes.ts';
import { wechatRoutes } from './modules/wechat/routes.ts';
import { WeChatService } from './modules/wechat/service.ts';
import { FieldCipher, KeyedHash } from './providers/crypto/field-cipher.ts';

// Validation messages reach people as toasts: say them in Chinese.
z.config(z.locales.zhCN());

export type Deps = {
  db: Db;
  dbKind: DbKind;
  /** Outside systems; by default chosen from config (sandbox or real). */
  providers?: Partial<Providers>;
  /** Epoch ms; injected so tests control time. */
  clock?: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments (issue 6): services and, in sandbox mode, the fake vendors tests drive. */
    payments: PaymentsModule & { sandbox: SandboxPayments | null };
  }
}

export type App = FastifyInstance;

const UPLOAD_SWEEP_JOB = 'uploads.sweep';
const HOUR_MS = 60 * 60 * 1000;

/** The composition root: every module wired to its dependencies. main.ts only listens. */
export async function buildApp(config: Config, deps: Deps): Promise<FastifyInstance> {
  const clock = deps.clock ?? Date.now;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: requestLogSerializer } },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, {
    analyticsScript: config.analyticsScript,
    // The aliPayForm posts to Alipay's gateway (the sandbox's is on this host).
    formTargets: config.payments.provider === 'real' ? [config.payments.alipay.gatewayUrl] : [],
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'LawLine API', version: '2.0.0', description: '律线：法律与税务咨询 H5 的接口' },
      servers: [],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own policy (hashes of its inline scripts) replaces the app's on /api/docs;
    // without upgrade-insecure-requests, which would break it on plain-http sandbox servers.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  const channels = new ChannelService(deps.db, clock, {
    analyticsScript: config.analyticsScript,
    ownDomain: config.ownDomain,
  });
  const sessions = new SessionService(deps.db, clock);
  const providers = { ...createProviders(config, clock, app.log), ...deps.providers };
  const users = new UserService(deps.db, clock);
  const authService = new AuthService({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    sms: providers.sms,
    sessions,
    codeSecret: config.smsCodeSecret,
    log: app.log,
  });

  // --- Accounts centre (issue 3) ---
  const hub: RealtimeHub = config.redisUrl
    ? new RedisHub(config.redisUrl, config.realtime.redisPrefix, app.log.child({ module: 'realtime' }))
    : new InProcessHub();
  app.addHook('onClose', async () => hub.close());
  const realtime = new RealtimeService(hub);
  const notifications = new NotificationService(deps.db, clock, realtime);
  const centre = new UserCentreService({
    db: deps.db,
    clock,
    membership: users.membership,
    codes: authService,
    wechatAppId: providers.wechat.appId,
  });
  const realName = new RealNameService(
    deps.db,
    clock,
    new FieldCipher(config.idEncryptionKey),
    new KeyedHash(config.idLookupKey),
  );
  const closure = new AccountClosureService(deps.db, clock, users.membership, realtime);
  const wechat = new WeChatService(deps.db, clock, providers.wechat, app.log.child({ module: 'wechat' }));
  app.decorate('accounts', { realtime, notifications, closure });
  // --- end accounts centre ---

  // --- Phone consultation (issue 5): orders, dispatch, telephony, lawyer workbench ---
  const calls = createPhoneConsultation({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    config,
    log: app.log,
    realtime,
    notifications,
    membership: users.membership,
    telephony: providers.telephony,
    authService,
    sessions,
  });
  closure.addEraser('call orders', (trx, userId) => eraseCallOrderPersonalData(trx, userId));
  const uploads = new UploadService(deps.db, config.dataDir, clock);
  closure.addEraser('uploads', (trx, userId) => uploads.erase(trx, userId));
  // Hourly, persisted like every timer: slices of uploads nobody finished go after a day.
  calls.jobs.register(UPLOAD_SWEEP_JOB, async () => {
    const removed = await uploads.sweepAbandoned();
    if (removed > 0) app.log.info({ removed }, 'abandoned uploads dropped');
    return { again: clock() + HOUR_MS };
  });
  app.addHook('onReady', async () => {
    await calls.jobs.schedule(UPLOAD_SWEEP_JOB, UPLOAD_SWEEP_JOB, clock() + HOUR_MS, {});
  });
  // --- end phone consultation ---

  // --- Payments, cards, coupons, refunds (issue 6) ---
  let sandboxPayments: SandboxPayments | null = null;
  let payProviders: Record<PayVendor, PaymentProvider>;
  if (config.payments.provider === 'real') {
    payProviders = createRealPayments(config.payments);
  } else {
    sandboxPayments = createSandboxPayments({
      db: deps.db,
      clock,
      wechatAppId: providers.wechat.appId,
      // Kept next to the sandbox database: forms made before a restart still verify after it.
      keyFile: join(config.dataDir, 'sandbox-pay-keys.json'),
    });
    payProviders = { wechat: sandboxPayments.wechat, alipay: sandboxPayments.alipay };
  }
  const pay = createPayments({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    log: app.log,
    calls,
    notifications,
    membership: users.membership,
    wechat,
    providers: payProviders,
    queryFirstMs: config.payQueryFirstMs,
  });
  app.decorate('payments', { ...pay, sandbox: sandboxPayments });
  // --- end payments ---

  // --- Service orders (issue 14): face consultation, lawyer letters, lawsuits ---
  const services = createServiceOrders({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    config,
    log: app.log,
    calls,
    notifications,
    payments: pay.payments,
    courier: providers.courier,
    sms: providers.sms,
  });
  app.decorate('services', services);
  closure.addEraser('service orders', (trx, userId) =>
    eraseServiceOrderPersonalData(trx, userId, config.dataDir),
  );
  app.addHook('onReady', async () => {
    await services.lawyerSide.autopilot.resume();
  });
  // --- end service orders ---

  // --- Contract templates (issue 15, item 2): browse, preview, export by e-mail ---
  const templateCatalogue = new TemplateCatalogue();
  const templates = new TemplateService({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    mail: providers.mail,
    membership: users.membership,
    catalogue: templateCatalogue,
    log: app.log.child({ module: 'templates' }),
  });
  closure.addEraser('template exports', (trx, userId) => eraseTemplateExportPersonalData(trx, userId));
  app.addHook('onClose', async () => providers.mail.close());
  // --- end contract templates ---

  await app.register(healthRoutes, { db: deps.db });
  await app.register(mediaRoutes, { dataDir: config.dataDir, db: deps.db, prepareArt: config.seed });
  await app.register(
    async (api) => {
      installCommonParams(api, channels);
      const auth = installAuth(api, sessions);
      await api.register(channelRoutes);
      await api.register(authRoutes, { auth, authService, sessions, users });
      // Accounts centre (issue 3).
      await api.register(userCentreRoutes, { auth, centre, membership: users.membership });
      await api.register(accountRoutes, {
        auth,
        realName,
        closure,
        authService,
        sessions,
        users,
        partnerSecrets: config.partnerSecrets,
        clock,
      });
      await api.register(messageRoutes, { auth, notifications });
      await api.register(wechatRoutes, { auth, wechat, publicBaseUrl: config.publicBaseUrl });
      // Catalogue and content (issue 4).
      await api.register(lawyerRoutes, { db: deps.db });
      await api.register(taxRoutes, { db: deps.db });
      await api.register(instituteRoutes, { db: deps.db });
      await api.register(contentRoutes, { db: deps.db, auth, clock });
      await api.register(productRoutes, { db: deps.db });
      await api.register(counselRoutes, { db: deps.db, auth, clock });
      await api.register(videoRoutes, { db: deps.db });
      await api.register(posterRoutes, { db: deps.db });
      // Phone consultation (issue 5): order/*, tag/*, lawyer/*.
      await api.register(phoneConsultationApi, { auth, calls });
      await api.register(couponRoutes, { auth, coupons: pay.coupons });
      // Payments (issue 6): pay/*, product orders, coupon/usable.
      await api.register(paymentRoutes, { auth, module: pay, publicBaseUrl: config.publicBaseUrl });
      // Sliced uploads (issue 7, item 5): oss/breakpointUpload, oss/file/:uuid.
      await api.register(uploadRoutes, { auth, uploads });
      // Service orders (issue 14): order/serviceTerms, the three kinds, steps, files; lawyer/services/*.
      await api.register(serviceOrderApi, { auth, services });
      // Contract templates (issue 15): field/getSubsetByFieldValue, doctemplate/*.
      await api.register(templateRoutes, { auth, catalogue: templateCatalogue, templates });
    },
    { prefix: '/api/v2' },
  );
  // Websocket /api/websocket/:userId (issue 3).
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(realtimeRoutes, {
    hub,
    sessions,
    idleTimeoutMs: config.realtime.idleTimeoutMs,
    unreadCount: (userId) => notifications.unreadCount(userId),
  });
  // Telephony callback /api/callbacks/telephony/{secret} and the job poller (issue 5).
  await installPhoneConsultation(app, calls, config);
  // The vendors' payment notifies (raw bodies, the vendor's answer format).
  await app.register(payNotifyRoutes, { payments: pay.payments });
  if (config.mode === 'sandbox' && providers.sms instanceof SandboxSmsProvider) {
    await app.register(devRoutes, { prefix: '/api/dev', sms: providers.sms });
    await app.register(benchRoutes, { prefix: '/api/dev/bench', db: deps.db, notifications, hub });
  }
  if (config.mode === 'sandbox' && providers.mail instanceof SandboxMailProvider) {
    await app.register(mailOutboxRoutes, { prefix: '/api/dev', mail: providers.mail });
  }
  if (sandboxPayments) {
    // The sandbox cashier: paying there sends the vendor's real, signed notify to our endpoint.
    await app.register(cashierRoutes, {
      prefix: '/api/dev/cashier',
      wechat: sandboxPayments.gateways.wechat,
      alipay: sandboxPayments.gateways.alipay,
      deliver: async (notify) => {
        const res = await app.inject({
          method: 'POST',
          url: notifyPaths[notify.vendor],
          headers: notify.headers,
          payload: notify.rawBody,
        });
        return { status: res.statusCode, body: res.body };
      },
    });
  }
  await app.register(webAppRoutes, { webDist: config.webDist });
  await app.register(workbenchAppRoutes, { workbenchDist: config.workbenchDist });
  return app;
}
