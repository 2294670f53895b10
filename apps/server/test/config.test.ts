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
    });
    expect(c.mode).toBe('production');
    expect(c.seed).toBe(false);
  });
});
