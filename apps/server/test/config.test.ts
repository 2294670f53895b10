import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('config', () => {
  it('defaults to sandbox on SQLite under ./data, port 8080', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.mode).toBe('sandbox');
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'sqlite', file: '/srv/app/data/lawline.sqlite' });
    expect(c.seed).toBe(true);
  });
  it('DATA_DIR and PORT override; an empty variable counts as unset', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x', PORT: '9090', DATABASE_URL: '' }, '/srv/app');
    expect(c.database).toEqual({ kind: 'sqlite', file: '/tmp/x/lawline.sqlite' });
    expect(c.port).toBe(9090);
  });
  it('DATABASE_URL selects PostgreSQL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.database.kind).toBe('postgres');
  });
  it('a bad value is named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
  it('production refuses sandbox providers and missing secrets, naming each', () => {
    let message = '';
    try {
      loadConfig({ LAWLINE_MODE: 'production' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('SMS_PROVIDER');
    expect(message).toContain('SMS_CODE_SECRET');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('ID_ENCRYPTION_KEY');
    expect(message).toContain('ID_LOOKUP_KEY');
    expect(message).toContain('WECHAT_PROVIDER');
    expect(message).toContain('PARTNER_SECRETS');
  });
  it('a real SMS vendor needs its keys', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id' })).toThrow(
      /ALIYUN_ACCESS_KEY_SECRET.*ALIYUN_SMS_SIGN_NAME.*ALIYUN_SMS_TEMPLATE_CODE/,
    );
  });
  it('production with everything in place starts', () => {
    const c = loadConfig({
      LAWLINE_MODE: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://h:6379',
      SMS_PROVIDER: 'aliyun',
      SMS_CODE_SECRET: 'x'.repeat(40),
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '律线',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ID_ENCRYPTION_KEY: '11'.repeat(32),
      ID_LOOKUP_KEY: Buffer.alloc(32, 2).toString('base64'),
      WECHAT_PROVIDER: 'real',
      WECHAT_APP_ID: 'wx0123456789abcdef',
      WECHAT_APP_SECRET: 'secret',
      PARTNER_SECRETS: '{}',
      // Phone consultation (issue 5): real privacy numbers and a secret callback path.
      TELEPHONY_PROVIDER: 'aliyun',
      ALIYUN_PLS_POOL_KEY: 'FC100000000000000',
      TELEPHONY_CALLBACK_SECRET: 'c'.repeat(24),
    });
    expect(c.mode).toBe('production');
    expect(c.seed).toBe(false);
  });

  it('accounts centre settings: 32-byte ID keys, real WeChat needs its app, partner secrets are a JSON map', () => {
    expect(() => loadConfig({ ID_ENCRYPTION_KEY: 'short' })).toThrow(/ID_ENCRYPTION_KEY/);
    expect(() => loadConfig({ ID_ENCRYPTION_KEY: '11'.repeat(32), ID_LOOKUP_KEY: '11'.repeat(32) })).toThrow(
      /ID_LOOKUP_KEY/,
    );
    expect(() => loadConfig({ WECHAT_PROVIDER: 'real' })).toThrow(/WECHAT_APP_ID.*WECHAT_APP_SECRET/);
    expect(() => loadConfig({ PARTNER_SECRETS: 'nope' })).toThrow(/PARTNER_SECRETS/);
    expect(() => loadConfig({ PARTNER_SECRETS: '{"zxyh":"short"}' })).toThrow(/PARTNER_SECRETS/);
    const c = loadConfig({
      PARTNER_SECRETS: JSON.stringify({ zxyh: 'z'.repeat(32) }),
      WS_IDLE_TIMEOUT_MS: '5000',
    });
    expect(c.partnerSecrets).toEqual({ zxyh: 'z'.repeat(32) });
    expect(c.realtime.idleTimeoutMs).toBe(5000);
    expect(loadConfig({}).idEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).wechat.provider).toBe('sandbox');
  });
});
