import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  LAWLINE_MODE: z.enum(['sandbox', 'production']).default('sandbox'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The built lawyer workbench (apps/workbench/dist), served at /workbench/. */
  WORKBENCH_DIST: z.string().optional(),
  /** Third-party analytics script URL; analytics is off when unset. */
  ANALYTICS_SCRIPT_URL: z.string().url().optional(),
  /** The product's own domain: article links there get the user token appended. */
  OWN_DOMAIN: z.string().default('lawline.example.com'),
  /** Seed the database with the sample data when it is empty (on by default in sandbox). */
  SEED: z.enum(['0', '1']).optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  SMS_CODE_SECRET: z.string().min(32, 'SMS_CODE_SECRET 至少32个字符').optional(),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Notices by SMS (issue 14): JSON {"letterSent":"SMS_…","meetingReminder":"SMS_…","meetingReminderLawyer":"SMS_…"}. */
  ALIYUN_SMS_NOTICE_TEMPLATES: z.string().optional(),
  // --- Accounts centre (issue 3): real-name encryption, WeChat, partner login, realtime ---
  /** AES-256-GCM key for ID numbers at rest: 32 bytes as 64 hex characters or base64. */
  ID_ENCRYPTION_KEY: z.string().optional(),
  /** HMAC-SHA256 key for ID number look-ups (a different 32-byte key, same format). */
  ID_LOOKUP_KEY: z.string().optional(),
  WECHAT_PROVIDER: z.enum(['sandbox', 'real']).default('sandbox'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** Public origin of this server (https://h5.example.com) for the OAuth redirect_uri; else the request's. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** JSON map channel → partner secret (at least 32 characters each) for user/oauthLogin. */
  PARTNER_SECRETS: z.string().optional(),
  /** Close a websocket that sent nothing for this long (the client pings every 10 s). */
  WS_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Prefix of the Redis pub/sub channels (several deployments may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('lawline'),
  // --- Phone consultation (issue 5): dispatch, jobs, telephony, sandbox autopilot ---
  /** How long one lawyer has to accept an offer before it moves on. */
  DISPATCH_OFFER_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** The callback promise shown to the person (spec §9: 60 seconds). */
  DISPATCH_PROMISE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Close an order nobody accepted this long after it was placed (or the last keepWaiting / rematch). */
  DISPATCH_GIVE_UP_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(300_000),
  /** Look again for a lawyer this often while nobody suitable is free. */
  DISPATCH_RETRY_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  /** How often the job poller looks for due jobs; 0 = no poller (tests call runDueJobs). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** A job claimed by a process that died is run again after this long (a run must finish within it). */
  JOBS_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  TELEPHONY_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  /** Aliyun privacy-number pool (Dyplsapi PoolKey); the access key is ALIYUN_ACCESS_KEY_ID/SECRET. */
  ALIYUN_PLS_POOL_KEY: z.string().optional(),
  /** Lifetime of an AXB binding in seconds. */
  TELEPHONY_BIND_EXPIRATION_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400 * 7)
    .default(3_600),
  /** Secret path segment of POST /api/callbacks/telephony/{secret} (at least 16 characters). */
  TELEPHONY_CALLBACK_SECRET: z.string().min(16, 'TELEPHONY_CALLBACK_SECRET 至少16个字符').optional(),
  /** Comma-separated IPs allowed to post call records; empty = any (the secret path still applies). */
  TELEPHONY_CALLBACK_IPS: z.string().optional(),
  // --- Service orders (issue 14): express delivery of lawyer letters ---
  COURIER_PROVIDER: z.enum(['sandbox', 'kuaidi100']).default('sandbox'),
  /** Sandbox parcels travel this many times faster than real time (720: a day in two minutes). Default 720 with SANDBOX_AUTOPILOT=1, else 1. */
  COURIER_SANDBOX_SPEED: z.coerce.number().min(1).max(100_000).optional(),
  /** Kuaidi100 (快递100) enterprise key; 商家寄件 secret; real-time query customer id. */
  KUAIDI100_KEY: z.string().optional(),
  KUAIDI100_SECRET: z.string().optional(),
  KUAIDI100_CUSTOMER: z.string().optional(),
  /** Carrier code, lower case (shunfeng, ems, jd …). */
  KUAIDI100_COM: z
    .string()
    .regex(/^[a-z0-9]{2,32}$/)
    .default('shunfeng'),
  /** Where Kuaidi100 posts order status (required by its API); default PUBLIC_BASE_URL + /api/callbacks/courier/kuaidi100. */
  KUAIDI100_CALLBACK_URL: z.string().url().optional(),
  /** Sandbox only: an autopilot lawyer takes orders nobody accepted within AUTOPILOT_ACCEPT_MS. */
  SANDBOX_AUTOPILOT: z.enum(['0', '1']).default('0'),
  AUTOPILOT_ACCEPT_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Wall time the autopilot call lasts … */
  AUTOPILOT_CALL_MS: z.coerce.number().int().min(0).max(3_600_000).default(8_000),
  /** … and the call time its sandbox record carries (95 s = 2 started minutes: a non-member owes money). */
  AUTOPILOT_CALL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(95),
  // --- Payments (issue 6): WeChat Pay API v3 and Alipay; keys as PEM text (\n escapes allowed) ---
  PAY_PROVIDER: z.enum(['sandbox', 'real']).default('sandbox'),
  /** First provider query of a payment nobody told us about (then every few minutes until it expires). */
  PAY_QUERY_FIRST_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** The WeChat app (公众号) id the merchant pays with; default WECHAT_APP_ID. */
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_MCH_ID: z.string().optional(),
  /** Serial number of the merchant API certificate (signs our requests). */
  WECHATPAY_MCH_SERIAL_NO: z.string().optional(),
  WECHATPAY_MCH_PRIVATE_KEY: z.string().optional(),
  /** APIv3 key: 32 characters; decrypts notify resources. */
  WECHATPAY_API_V3_KEY: z.string().optional(),
  /** WeChat Pay public key id (PUB_KEY_ID_…) and the key itself (verifies answers and notifies). */
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /** The merchant's Alipay account (seller_id, 2088…) notifies must name. */
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  // --- Contract templates (issue 15): the exported DOCX goes out by e-mail over SMTP ---
  /** sandbox: an in-process SMTP receiver (GET /api/dev/mail-outbox); smtp: a real mail server. */
  MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
  /** 1: implicit TLS (port 465); 0: STARTTLS, which is then required (port 587). Default by port. */
  SMTP_SECURE: z.enum(['0', '1']).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  /** The sender, e.g. 律线 <noreply@lawline.example.com>. */
  MAIL_FROM: z.string().optional(),
});

export type TelephonyConfig =
  | { provider: 'sandbox' }
  | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; poolKey: string };

export type CallsConfig = {
  offerTtlMs: number;
  promiseMs: number;
  giveUpMs: number;
  retryMs: number;
  jobsPollMs: number;
  jobsLockMs: number;
  telephony: TelephonyConfig;
  bindExpirationSeconds: number;
  callbackSecret: string;
  /** Empty = any address. */
  callbackIps: string[];
  autopilot: { enabled: boolean; acceptMs: number; callMs: number; callSeconds: number };
};

export type SmsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      /** Notice template name → Aliyun TemplateCode. */
      noticeTemplates: Record<string, string>;
    };

export type WeChatConfig =
  | { provider: 'sandbox'; appId: string }
  | { provider: 'real'; appId: string; appSecret: string };

export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'real';
      wechat: {
        appId: string;
        mchId: string;
        merchantSerialNo: string;
        merchantPrivateKeyPem: string;
        apiV3Key: string;
        platformPublicKeys: Record<string, string>;
      };
      alipay: {
        appId: string;
        appPrivateKeyPem: string;
        alipayPublicKeyPem: string;
        sellerId: string;
        gatewayUrl: string;
      };
    };

export type CourierConfig =
  | { provider: 'sandbox'; speed: number }
  | {
      provider: 'kuaidi100';
      key: string;
      secret: string;
      customer: string;
      kuaidicom: string;
      callbackUrl: string;
    };

export type MailConfig =
  | { provider: 'sandbox'; from: string }
  | {
      provider: 'smtp';
      host: string;
      port: number;
      secure: boolean;
      user: string;
      pass: string;
      from: string;
    };

export type Config = {
  mode: 'sandbox' | 'production';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  workbenchDist: string;
  analyticsScript: string | null;
  ownDomain: string;
  seed: boolean;
  sms: SmsConfig;
  /** HMAC key for stored SMS codes. */
  smsCodeSecret: string;
  /** ID numbers at rest: AES-256-GCM key and the separate HMAC look-up key (32 bytes each). */
  idEncryptionKey: Buffer;
  idLookupKey: Buffer;
  wechat: WeChatConfig;
  publicBaseUrl: string | null;
  /** channel → secret for partner logins (user/oauthLogin). */
  partnerSecrets: Record<string, string>;
  realtime: { idleTimeoutMs: number; redisPrefix: string };
  /** Phone consultation (issue 5). */
  calls: CallsConfig;
  /** Payments (issue 6). */
  payments: PaymentsConfig;
  payQueryFirstMs: number;
  /** Express delivery of lawyer letters (issue 14). */
  courier: CourierConfig;
  /** Outgoing e-mail: contract template exports (issue 15). */
  mail: MailConfig;
};

/** The SMS notices the product sends (modules/services/sms-notices.ts), each needing a vendor template. */
const SMS_NOTICES = ['letterSent', 'meetingReminder', 'meetingReminderLawyer'] as const;

function parseNoticeTemplates(raw: string | undefined, missing: string[]): Record<string, string> {
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const map: Record<string, string> = {};
  if (parsed && typeof parsed === 'object') {
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string' && v) map[k] = v;
  }
  const absent = SMS_NOTICES.filter((name) => !map[name]);
  if (absent.length > 0)
    missing.push(`ALIYUN_SMS_NOTICE_TEMPLATES (JSON with a TemplateCode for ${absent.join(', ')})`);
  return map;
}

/** PEM from an environment variable: literal \\n sequences become newlines. */
function pem(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}

/** 32 bytes from 64 hex characters or from base64; null when it is neither. */
export function parseKey32(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(text)) {
    const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/**
 * SANDBOX ONLY: fixed keys derived from public strings, so sandbox data survives restarts.
 * Anyone can derive them; production refuses to start without its own (checked below).
 */
function sandboxKey(label: string): Buffer {
  return createHash('sha256').update(`lawline-sandbox-only-${label}-not-for-production`).digest();
}

/** Sandbox partner secrets for the partner channels (documented in .env.example). */
const SANDBOX_PARTNER_SECRETS: Record<string, string> = {
  zxyh: 'sandbox-only-partner-secret-zxyh-0123456789',
  paky: 'sandbox-only-partner-secret-paky-0123456789',
  yjjd: 'sandbox-only-partner-secret-yjjd-0123456789',
};

function parsePartnerSecrets(raw: string | undefined, problems: string[]): Record<string, string> | null {
  if (raw === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a map');
    const out: Record<string, string> = {};
    for (const [channel, secret] of Object.entries(parsed)) {
      if (typeof secret !== 'string' || secret.length < 32 || !/^[A-Za-z0-9_-]{1,32}$/.test(channel)) {
        problems.push(`PARTNER_SECRETS (channel ${channel}: a secret of at least 32 characters)`);
        continue;
      }
      out[channel] = secret;
    }
    return out;
  } catch {
    problems.push('PARTNER_SECRETS (must be a JSON object {"channel": "secret", …})');
    return null;
  }
}

function required(env: Record<string, unknown>, names: string[], missing: string[]): string[] {
  for (const name of names) if (!env[name]) missing.push(name);
  return names.map((name) => String(env[name] ?? ''));
}

export class ConfigError extends Error {}

/** Reads the environment once, at start; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // An empty variable means unset (CI and shells often export NAME= to clear one).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`配置有误 (invalid configuration): ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(cwd, e.DATA_DIR);
  const config: Config = {
    mode: e.LAWLINE_MODE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(dataDir, 'lawline.sqlite') },
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(cwd, e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    workbenchDist: resolve(
      cwd,
      e.WORKBENCH_DIST ?? new URL('../../workbench/dist', import.meta.url).pathname,
    ),
    analyticsScript: e.ANALYTICS_SCRIPT_URL ?? null,
    ownDomain: e.OWN_DOMAIN,
    seed: e.SEED ? e.SEED === '1' : e.LAWLINE_MODE === 'sandbox',
    sms: { provider: 'sandbox' },
    // Sandbox codes are fake anyway; production must bring its own secret (checked below).
    smsCodeSecret: e.SMS_CODE_SECRET ?? 'sandbox-only-sms-code-secret-not-for-production',
    idEncryptionKey: sandboxKey('id-encryption-key'),
    idLookupKey: sandboxKey('id-lookup-key'),
    wechat: { provider: 'sandbox', appId: e.WECHAT_APP_ID ?? 'wxsandbox0000000000' },
    publicBaseUrl: e.PUBLIC_BASE_URL ? e.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    partnerSecrets: SANDBOX_PARTNER_SECRETS,
    realtime: { idleTimeoutMs: e.WS_IDLE_TIMEOUT_MS, redisPrefix: e.REDIS_PREFIX },
    calls: {
      offerTtlMs: e.DISPATCH_OFFER_TTL_MS,
      promiseMs: e.DISPATCH_PROMISE_MS,
      giveUpMs: e.DISPATCH_GIVE_UP_MS,
      retryMs: e.DISPATCH_RETRY_MS,
      jobsPollMs: e.JOBS_POLL_MS,
      jobsLockMs: e.JOBS_LOCK_MS,
      telephony: { provider: 'sandbox' },
      bindExpirationSeconds: e.TELEPHONY_BIND_EXPIRATION_S,
      // SANDBOX ONLY default (public); production must set its own (checked below).
      callbackSecret: e.TELEPHONY_CALLBACK_SECRET ?? 'sandbox-telephony-callback',
      callbackIps: (e.TELEPHONY_CALLBACK_IPS ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
      autopilot: {
        enabled: e.SANDBOX_AUTOPILOT === '1',
        acceptMs: e.AUTOPILOT_ACCEPT_MS,
        callMs: e.AUTOPILOT_CALL_MS,
        callSeconds: e.AUTOPILOT_CALL_SECONDS,
      },
    },
    payments: { provider: 'sandbox' },
    payQueryFirstMs: e.PAY_QUERY_FIRST_MS,
    courier: {
      provider: 'sandbox',
      speed: e.COURIER_SANDBOX_SPEED ?? (e.SANDBOX_AUTOPILOT === '1' ? 720 : 1),
    },
    mail: { provider: 'sandbox', from: e.MAIL_FROM ?? '律线（沙箱） <noreply@lawline.example.com>' },
  };
  const missing: string[] = [];
  for (const [name, target] of [
    ['ID_ENCRYPTION_KEY', 'idEncryptionKey'],
    ['ID_LOOKUP_KEY', 'idLookupKey'],
  ] as const) {
    const raw = e[name];
    if (raw === undefined) continue;
    const key = parseKey32(raw);
    if (key) config[target] = key;
    else missing.push(`${name} (32 bytes as 64 hex characters or base64)`);
  }
  if (e.ID_ENCRYPTION_KEY && e.ID_LOOKUP_KEY && config.idEncryptionKey.equals(config.idLookupKey)) {
    missing.push('ID_LOOKUP_KEY (must differ from ID_ENCRYPTION_KEY)');
  }
  if (e.WECHAT_PROVIDER === 'real') {
    const [appId, appSecret] = required(e, ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], missing);
    config.wechat = { provider: 'real', appId: appId ?? '', appSecret: appSecret ?? '' };
  }
  const partners = parsePartnerSecrets(e.PARTNER_SECRETS, missing);
  if (partners) config.partnerSecrets = partners;
  if (e.SMS_PROVIDER === 'aliyun') {
    const [accessKeyId, accessKeySecret, signName, templateCode] = required(
      e,
      [
        'ALIYUN_ACCESS_KEY_ID',
        'ALIYUN_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_SIGN_NAME',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ],
      missing,
    );
    config.sms = {
      provider: 'aliyun',
      accessKeyId: accessKeyId ?? '',
      accessKeySecret: accessKeySecret ?? '',
      signName: signName ?? '',
      templateCode: templateCode ?? '',
      noticeTemplates: parseNoticeTemplates(e.ALIYUN_SMS_NOTICE_TEMPLATES, missing),
    };
  }
  if (e.TELEPHONY_PROVIDER === 'aliyun') {
    const [accessKeyId, accessKeySecret, poolKey] = required(
      e,
      ['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_PLS_POOL_KEY'],
      missing,
    );
    config.calls.telephony = {
      provider: 'aliyun',
      accessKeyId: accessKeyId ?? '',
      accessKeySecret: accessKeySecret ?? '',
      poolKey: poolKey ?? '',
    };
  }
  if (e.COURIER_PROVIDER === 'kuaidi100') {
    const [key, secret, customer] = required(
      e,
      ['KUAIDI100_KEY', 'KUAIDI100_SECRET', 'KUAIDI100_CUSTOMER'],
      missing,
    );
    const callbackUrl =
      e.KUAIDI100_CALLBACK_URL ??
      (config.publicBaseUrl ? `${config.publicBaseUrl}/api/callbacks/courier/kuaidi100` : '');
    if (!callbackUrl) missing.push('KUAIDI100_CALLBACK_URL (or PUBLIC_BASE_URL)');
    config.courier = {
      provider: 'kuaidi100',
      key: key ?? '',
      secret: secret ?? '',
      customer: customer ?? '',
      kuaidicom: e.KUAIDI100_COM,
      callbackUrl,
    };
  }
  if (e.MAIL_PROVIDER === 'smtp') {
    const [host, user, pass, from] = required(
      e,
      ['SMTP_HOST', 'SMTP_USER', 'SMTP_PASS', 'MAIL_FROM'],
      missing,
    );
    config.mail = {
      provider: 'smtp',
      host: host ?? '',
      port: e.SMTP_PORT,
      secure: e.SMTP_SECURE ? e.SMTP_SECURE === '1' : e.SMTP_PORT === 465,
      user: user ?? '',
      pass: pass ?? '',
      from: from ?? '',
    };
  }
  if (e.PAY_PROVIDER === 'real') {
    const [mchId, serialNo, mchKey, apiV3Key, pubKeyId, pubKey] = required(
      e,
      [
        'WECHATPAY_MCH_ID',
        'WECHATPAY_MCH_SERIAL_NO',
        'WECHATPAY_MCH_PRIVATE_KEY',
        'WECHATPAY_API_V3_KEY',
        'WECHATPAY_PUBLIC_KEY_ID',
        'WECHATPAY_PUBLIC_KEY',
      ],
      missing,
    );
    const [aliAppId, aliKey, aliPub, sellerId] = required(
      e,
      ['ALIPAY_APP_ID', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID'],
      missing,
    );
    if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32) missing.push('WECHATPAY_API_V3_KEY (32 characters)');
    const wechatAppId = e.WECHATPAY_APP_ID ?? e.WECHAT_APP_ID;
    if (!wechatAppId) missing.push('WECHATPAY_APP_ID (or WECHAT_APP_ID)');
    config.payments = {
      provider: 'real',
      wechat: {
        appId: wechatAppId ?? '',
        mchId: mchId ?? '',
        merchantSerialNo: serialNo ?? '',
        merchantPrivateKeyPem: pem(mchKey ?? ''),
        apiV3Key: apiV3Key ?? '',
        platformPublicKeys: { [pubKeyId ?? '']: pem(pubKey ?? '') },
      },
      alipay: {
        appId: aliAppId ?? '',
        appPrivateKeyPem: pem(aliKey ?? ''),
        alipayPublicKeyPem: pem(aliPub ?? ''),
        sellerId: sellerId ?? '',
        gatewayUrl: e.ALIPAY_GATEWAY,
      },
    };
  }
  if (config.mode === 'production') {
    if (e.PAY_PROVIDER === 'sandbox')
      missing.push('PAY_PROVIDER (the sandbox payment providers are not allowed in production)');
    if (e.TELEPHONY_PROVIDER === 'sandbox')
      missing.push('TELEPHONY_PROVIDER (the sandbox telephony provider is not allowed in production)');
    if (!e.TELEPHONY_CALLBACK_SECRET)
      missing.push('TELEPHONY_CALLBACK_SECRET (secret path of the call-record callback)');
    if (e.SANDBOX_AUTOPILOT === '1') missing.push('SANDBOX_AUTOPILOT (must be 0 in production)');
    if (e.COURIER_PROVIDER === 'sandbox')
      missing.push('COURIER_PROVIDER (the sandbox courier is not allowed in production)');
    if (e.SMS_PROVIDER === 'sandbox')
      missing.push('SMS_PROVIDER (the sandbox SMS provider is not allowed in production)');
    if (!e.SMS_CODE_SECRET) missing.push('SMS_CODE_SECRET');
    if (config.database.kind !== 'postgres') missing.push('DATABASE_URL (production runs on PostgreSQL)');
    if (!config.redisUrl) missing.push('REDIS_URL (production shares realtime and limits through Redis)');
    if (!e.ID_ENCRYPTION_KEY) missing.push('ID_ENCRYPTION_KEY (encrypts ID numbers at rest)');
    if (!e.ID_LOOKUP_KEY) missing.push('ID_LOOKUP_KEY (keyed hash for ID number look-ups)');
    if (e.WECHAT_PROVIDER === 'sandbox')
      missing.push('WECHAT_PROVIDER (the sandbox WeChat provider is not allowed in production)');
    if (!e.PARTNER_SECRETS) missing.push('PARTNER_SECRETS (the sandbox partner secrets are public)');
    if (e.MAIL_PROVIDER === 'sandbox')
      missing.push(
        'MAIL_PROVIDER (smtp with SMTP_HOST, SMTP_USER, SMTP_PASS, MAIL_FROM: template exports are e-mailed)',
      );
  }
  if (missing.length > 0) {
    throw new ConfigError(`${config.mode} mode needs: ${missing.join(', ')}`);
  }
  return config;
}
