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
});

export type SmsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
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
  analyticsScript: string | null;
  ownDomain: string;
  seed: boolean;
  sms: SmsConfig;
  /** HMAC key for stored SMS codes. */
  smsCodeSecret: string;
};

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
    analyticsScript: e.ANALYTICS_SCRIPT_URL ?? null,
    ownDomain: e.OWN_DOMAIN,
    seed: e.SEED ? e.SEED === '1' : e.LAWLINE_MODE === 'sandbox',
    sms: { provider: 'sandbox' },
    // Sandbox codes are fake anyway; production must bring its own secret (checked below).
    smsCodeSecret: e.SMS_CODE_SECRET ?? 'sandbox-only-sms-code-secret-not-for-production',
  };
  const missing: string[] = [];
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
    };
  }
  if (config.mode === 'production') {
    if (e.SMS_PROVIDER === 'sandbox')
      missing.push('SMS_PROVIDER (the sandbox SMS provider is not allowed in production)');
    if (!e.SMS_CODE_SECRET) missing.push('SMS_CODE_SECRET');
    if (config.database.kind !== 'postgres') missing.push('DATABASE_URL (production runs on PostgreSQL)');
    if (!config.redisUrl) missing.push('REDIS_URL (production shares realtime and limits through Redis)');
  }
  if (missing.length > 0) {
    throw new ConfigError(`${config.mode} mode needs: ${missing.join(', ')}`);
  }
  return config;
}
