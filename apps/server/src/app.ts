import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { installErrorHandler } from './http/error-handler.ts';
import './http/request-context.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { webAppRoutes } from './http/web-app.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { ChannelService } from './modules/channels/service.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { SessionService } from './modules/sessions/service.ts';
import { UserService } from './modules/users/service.ts';
import { createProviders, type Providers } from './providers/index.ts';
import { SandboxSmsProvider } from './providers/sms/sandbox.ts';

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

export type App = FastifyInstance;

/** The composition root: every module wired to its dependencies. main.ts only listens. */
export async function buildApp(config: Config, deps: Deps): Promise<FastifyInstance> {
  const clock = deps.clock ?? Date.now;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app);

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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const channels = new ChannelService(deps.db, clock, {
    analyticsScript: config.analyticsScript,
    ownDomain: config.ownDomain,
  });
  const sessions = new SessionService(deps.db, clock);
  const providers = { ...createProviders(config, clock, app.log), ...deps.providers };
  const users = new UserService(deps.db);
  const authService = new AuthService({
    db: deps.db,
    dbKind: deps.dbKind,
    clock,
    sms: providers.sms,
    sessions,
    codeSecret: config.smsCodeSecret,
    log: app.log,
  });

  await app.register(healthRoutes, { db: deps.db });
  await app.register(mediaRoutes);
  await app.register(
    async (api) => {
      installCommonParams(api, channels);
      const auth = installAuth(api, sessions);
      await api.register(channelRoutes);
      await api.register(authRoutes, { auth, authService, sessions, users });
    },
    { prefix: '/api/v2' },
  );
  if (config.mode === 'sandbox' && providers.sms instanceof SandboxSmsProvider) {
    await app.register(devRoutes, { prefix: '/api/dev', sms: providers.sms });
  }
  await app.register(webAppRoutes, { webDist: config.webDist });
  return app;
}
