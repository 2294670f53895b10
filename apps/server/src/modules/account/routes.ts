import {
  EmptyPayloadSchema,
  envelope,
  OauthLoginSchema,
  SaveThreeElementsSchema,
  ThreeElementsSchema,
  UnlinkInfoSchema,
  UnlinkResultSchema,
  UnlinkSchema,
  UserInfoSchema,
} from '@lawline/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AuthService } from '../auth/service.ts';
import type { SessionService } from '../sessions/service.ts';
import type { UserService } from '../users/service.ts';
import type { AccountClosureService } from './closure.ts';
import { verifyPartnerToken } from './partner-login.ts';
import type { RealNameService } from './real-name.ts';

export type AccountRoutesOptions = {
  auth: Auth;
  realName: RealNameService;
  closure: AccountClosureService;
  authService: AuthService;
  sessions: SessionService;
  users: UserService;
  partnerSecrets: Record<string, string>;
  clock: () => number;
};

/** Real-name check, account cancellation and partner login (spec §7 User). */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, opts) => {
  const { auth, realName, closure } = opts;
  const meta = { tags: ['user'], security: [{ token: [] }] };
  const uid = (request: { userId: number | null }) => request.userId as number;

  app.get(
    '/user/checkThreeElements',
    {
      preHandler: auth.requireUser,
      schema: {
        ...meta,
        summary: '是否已实名（只返回打码后的姓名、身份证号、手机号）',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(ThreeElementsSchema) },
      },
    },
    async (request) => ok(await realName.check(uid(request))),
  );

  app.post(
    '/user/saveThreeElements',
    {
      preHandler: auth.requireUser,
      schema: {
        ...meta,
        summary: '保存实名信息：姓名、身份证号（校验位）、本账号手机号，且须单独同意 consent: true',
        body: SaveThreeElementsSchema,
        response: { 200: envelope(ThreeElementsSchema) },
      },
    },
    async (request) => ok(await realName.save(uid(request), request.body), '实名信息已保存'),
  );

  app.get(
    '/user/unlinkInfo',
    {
      preHandler: auth.requireUser,
      schema: {
        ...meta,
        summary: '注销须知：注销后会发生什么、可选的注销原因',
        querystring: EmptyPayloadSchema,
        response: { 200: envelope(UnlinkInfoSchema) },
      },
    },
    async (request) => ok(await closure.info(uid(request))),
  );

  app.post(
    '/user/unlink',
    {
      preHandler: auth.requireUser,
      schema: {
        ...meta,
        summary: '注销账号（confirm: true 必填；原因与补充说明可选）',
        body: UnlinkSchema,
        response: { 200: envelope(UnlinkResultSchema) },
      },
    },
    async (request) =>
      ok(
        await closure.close(uid(request), { reason: request.body.reason, text: request.body.text }),
        '账号已注销',
      ),
  );

  app.post(
    '/user/oauthLogin',
    {
      schema: {
        tags: ['user'],
        summary: '合作渠道登录：Authorization: Bearer <合作方签名凭证>',
        body: OauthLoginSchema.optional(),
        response: { 200: envelope(UserInfoSchema) },
      },
    },
    async (request) => {
      const { mobile, channel } = verifyPartnerToken(request, opts.partnerSecrets, opts.clock());
      const userId = await opts.authService.findOrCreateUser(mobile, channel);
      const { token } = await opts.sessions.issue(userId);
      return ok(await opts.users.info(userId, token, request.channel), '登录成功');
    },
  );
};
