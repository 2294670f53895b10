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
    expect(message).toContain('MAIL_PROVIDER');
  });
  it('real SMTP needs its server, account and sender (issue 15)', () => {
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com' })).toThrow(
      /SMTP_USER.*SMTP_PASS.*MAIL_FROM/,
    );
    const c = loadConfig({
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '587',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_FROM: '律线 <noreply@lawline.example.com>',
    });
    expect(c.mail).toMatchObject({ provider: 'smtp', port: 587, secure: false });
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
      ALIYUN_SMS_NOTICE_TEMPLATES: JSON.stringify({
        letterSent: 'SMS_2',
        meetingReminder: 'SMS_3',
        meetingReminderLawyer: 'SMS_4',
      }),
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
      // Payments (issue 6): WeChat Pay v3 and Alipay merchants.
      PAY_PROVIDER: 'real',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_MCH_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A72',
      WECHATPAY_MCH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMII…\\n-----END PRIVATE KEY-----',
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
      WECHATPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMII…\\n-----END PUBLIC KEY-----',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_APP_PRIVATE_KEY: 'MIIEv…',
      ALIPAY_PUBLIC_KEY: 'MIIBI…',
      ALIPAY_SELLER_ID: '2088000000000000',
      // Service orders (issue 14): lawyer letters go out by express (callback from PUBLIC_BASE_URL).
      COURIER_PROVIDER: 'kuaidi100',
      KUAIDI100_KEY: 'key',
      KUAIDI100_SECRET: 'secret',
      KUAIDI100_CUSTOMER: 'customer',
      KUAIDI100_CALLBACK_URL: 'https://h5.example.com/api/callbacks/courier/kuaidi100',
      // Contract templates (issue 15): exports are e-mailed over SMTP.
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'noreply@lawline.example.com',
      SMTP_PASS: 'secret',
      MAIL_FROM: '律线 <noreply@lawline.example.com>',
    });
    expect(c.mode).toBe('production');
    expect(c.mail).toMatchObject({ provider: 'smtp', port: 465, secure: true });
    expect(c.courier.provider).toBe('kuaidi100');
    expect(c.seed).toBe(false);
    expect(c.payments.provider).toBe('real');
    if (c.payments.provider === 'real') {
      expect(c.payments.wechat.appId).toBe('wx0123456789abcdef');
      expect(c.payments.wechat.merchantPrivateKeyPem).toContain('\n');
      expect(Object.keys(c.payments.wechat.platformPublicKeys)).toEqual([
        'PUB_KEY_ID_0114232134912410000000000000',
      ]);
    }
  });

  it('payments: production refuses the sandbox; real payments name every missing setting', () => {
    expect(() => loadConfig({ LAWLINE_MODE: 'production' })).toThrow(/PAY_PROVIDER/);
    expect(() => loadConfig({ PAY_PROVIDER: 'real', WECHAT_APP_ID: 'wx1' })).toThrow(
      /WECHATPAY_MCH_ID.*WECHATPAY_API_V3_KEY.*ALIPAY_SELLER_ID/,
    );
    expect(() =>
      loadConfig({
        PAY_PROVIDER: 'real',
        WECHAT_APP_ID: 'wx1',
        WECHATPAY_MCH_ID: '1',
        WECHATPAY_MCH_SERIAL_NO: 's',
        WECHATPAY_MCH_PRIVATE_KEY: 'k',
        WECHATPAY_API_V3_KEY: 'short',
        WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
        WECHATPAY_PUBLIC_KEY: 'p',
        ALIPAY_APP_ID: 'a',
        ALIPAY_APP_PRIVATE_KEY: 'k',
        ALIPAY_PUBLIC_KEY: 'p',
        ALIPAY_SELLER_ID: 's',
      }),
    ).toThrow(/WECHATPAY_API_V3_KEY \(32 characters\)/);
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
