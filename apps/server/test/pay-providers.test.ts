import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlipayError,
  AlipayProvider,
  alipayFormFields,
  alipaySignContent,
  alipayVerifyParams,
  fenToYuan,
  jsonMemberTexts,
  loadAlipayPublicKey,
  parseForm,
  yuanToFen,
} from '../src/providers/payments/alipay.ts';
import {
  createSandboxPayments,
  isTradePaidRefusal,
  type SandboxPayments,
} from '../src/providers/payments/index.ts';
import { type CreatePaymentInput, NotifyRejected, type RawNotify } from '../src/providers/payments/port.ts';
import { pem } from '../src/providers/payments/sandbox-wechat-gateway.ts';
import {
  aesGcmDecrypt,
  aesGcmEncrypt,
  type PayFetch,
  paySignMessage,
  requestMessage,
  WeChatPayError,
  WeChatPayProvider,
} from '../src/providers/payments/wechatpay.ts';
import { formatBeijingTime } from '../src/providers/telephony/port.ts';
import { openTestDb, type TestDb } from './helpers.ts';

const START = Date.parse('2026-11-21T10:00:00+08:00');
const clock = { now: START };
const WECHAT_APP_ID = 'wx8888888888888888';
const NOTIFY = 'https://lawline.example/api/callbacks/pay';

let db: TestDb;
let pay: SandboxPayments;
// A key pair nobody registered: the "wrong key" in signature tests.
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

beforeAll(async () => {
  db = await openTestDb();
  pay = createSandboxPayments({ db: db.db, clock: () => clock.now, wechatAppId: WECHAT_APP_ID });
});
afterAll(async () => {
  await db.drop();
});

let seq = 0;
function tradeNo(prefix: string): string {
  seq += 1;
  return `${prefix}${START}${String(seq).padStart(4, '0')}`;
}

function input(
  channel: CreatePaymentInput['channel'],
  overrides: Partial<CreatePaymentInput> = {},
): CreatePaymentInput {
  return {
    channel,
    outTradeNo: tradeNo(channel === 'alipay_wap' ? 'A' : 'W'),
    amountFen: 2400,
    description: '电话咨询 & 婚姻家事 <加急> "100%"',
    notifyUrl: `${NOTIFY}/${channel === 'alipay_wap' ? 'alipay' : 'wechat'}`,
    returnUrl: 'https://lawline.example/pay/result?orderId=T1&x=1',
    openid: channel === 'wechat_jsapi' ? 'o_sandbox_openid' : undefined,
    clientIp: '10.0.0.8',
    expiresAt: clock.now + 15 * 60_000,
    ...overrides,
  };
}

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof NotifyRejected) return err.reason;
    throw err;
  }
  return 'accepted';
}

/** A fetch in front of the gateway that records (and may rewrite) what the adapter sends. */
function spying(inner: PayFetch, rewrite?: (init: Parameters<PayFetch>[1]) => Parameters<PayFetch>[1]) {
  const seen: Array<{ url: string; init: Parameters<PayFetch>[1] }> = [];
  const fetch: PayFetch = (url, init) => {
    seen.push({ url, init });
    return inner(url, rewrite ? rewrite(init) : init);
  };
  return { seen, fetch };
}

describe('AEAD_AES_256_GCM (the notify resource)', () => {
  const key = '0123456789abcdef0123456789abcdef';
  it('matches the published check both ways', () => {
    expect(aesGcmEncrypt(key, '0123456789abcdef', 'world', 'hello')).toBe('APoZlYpivU3HjbAiB4CvW1rAFr8J');
    expect(aesGcmDecrypt(key, '0123456789abcdef', 'world', 'APoZlYpivU3HjbAiB4CvW1rAFr8J')).toBe('hello');
  });
  it('refuses a changed tag, AAD or key', () => {
    expect(() => aesGcmDecrypt(key, '0123456789abcdef', 'world', 'APoZlYpivU3HjbAiB4CvW1rAFr8K')).toThrow();
    expect(() => aesGcmDecrypt(key, '0123456789abcdef', 'World', 'APoZlYpivU3HjbAiB4CvW1rAFr8J')).toThrow();
    expect(() =>
      aesGcmDecrypt('x'.repeat(32), '0123456789abcdef', 'world', 'APoZlYpivU3HjbAiB4CvW1rAFr8J'),
    ).toThrow();
    expect(() =>
      aesGcmDecrypt('short', '0123456789abcdef', 'world', 'APoZlYpivU3HjbAiB4CvW1rAFr8J'),
    ).toThrow();
  });
});

describe('WeChat Pay v3: requests and answers', () => {
  it('signs every request (Authorization) and sends the documented JSAPI body', async () => {
    const gw = pay.gateways.wechat;
    const spy = spying(gw.fetch);
    const wechat = new WeChatPayProvider({ ...gw.adapterOptions(), fetch: spy.fetch });
    const long = '律'.repeat(200);
    const req = input('wechat_jsapi', { description: long });
    const result = await wechat.create(req);
    expect(result.kind).toBe('jsapi');

    const sent = spy.seen[0];
    if (!sent) throw new Error('nothing sent');
    expect(sent.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    expect(JSON.parse(sent.init.body ?? '')).toEqual({
      appid: WECHAT_APP_ID,
      mchid: '1900000109',
      description: '律'.repeat(127),
      out_trade_no: req.outTradeNo,
      time_expire: '2026-11-21T10:15:00+08:00',
      notify_url: req.notifyUrl,
      amount: { total: 2400, currency: 'CNY' },
      payer: { openid: 'o_sandbox_openid' },
    });
    const auth = sent.init.headers.Authorization ?? '';
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="([0-9A-F]{32})",signature="([^"]+)",timestamp="(\d+)",serial_no="([0-9A-F]{40})"$/.exec(
        auth,
      );
    expect(m, auth).not.toBeNull();
    const [, nonce, signature, timestamp, serial] = m as unknown as string[];
    expect(timestamp).toBe(String(START / 1000));
    expect(serial).toBe(gw.merchantSerialNo);
    const message = requestMessage(
      'POST',
      '/v3/pay/transactions/jsapi',
      timestamp ?? '',
      nonce ?? '',
      sent.init.body ?? '',
    );
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(gw.merchantKeys.publicKey, signature ?? '', 'base64'),
    ).toBe(true);

    // GET: the query string is signed and the body line is empty.
    await wechat.query(req.outTradeNo);
    const get = spy.seen[1];
    expect(get?.init.method).toBe('GET');
    expect(get?.url).toBe(
      `https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/${req.outTradeNo}?mchid=1900000109`,
    );
    expect(get?.init.body).toBeUndefined();
  });

  it('gives JSAPI bridge parameters signed with the merchant key (signType not signed)', async () => {
    const gw = pay.gateways.wechat;
    const result = await pay.wechat.create(input('wechat_jsapi'));
    if (result.kind !== 'jsapi') throw new Error('jsapi expected');
    expect(result).toMatchObject({
      appId: WECHAT_APP_ID,
      signType: 'RSA',
      package: `prepay_id=${result.prepayId}`,
    });
    expect(result.timeStamp).toBe(String(START / 1000));
    expect(result.nonceStr).toMatch(/^[0-9A-F]{32}$/);
    const message = paySignMessage(result.appId, result.timeStamp, result.nonceStr, result.package);
    expect(message).toBe(
      `${WECHAT_APP_ID}\n${result.timeStamp}\n${result.nonceStr}\nprepay_id=${result.prepayId}\n`,
    );
    const verify = (key: Parameters<ReturnType<typeof createVerify>['verify']>[0]) =>
      createVerify('RSA-SHA256').update(message).verify(key, result.paySign, 'base64');
    expect(verify(gw.merchantKeys.publicKey)).toBe(true);
    expect(verify(stranger.publicKey)).toBe(false);
  });

  it('wants the openid for JSAPI and a valid out_trade_no', async () => {
    await expect(pay.wechat.create(input('wechat_jsapi', { openid: undefined }))).rejects.toThrow(/openid/);
    await expect(pay.wechat.create(input('wechat_h5', { outTradeNo: 'T1' }))).rejects.toThrow(/out_trade_no/);
    await expect(pay.wechat.create(input('alipay_wap'))).rejects.toThrow();
  });

  it('the gateway refuses a tampered signature, a tampered body or a foreign key (401 SIGN_ERROR)', async () => {
    const gw = pay.gateways.wechat;
    const badSignature = spying(gw.fetch, (init) => ({
      ...init,
      headers: {
        ...init.headers,
        Authorization: (init.headers.Authorization ?? '').replace(/signature="..../, 'signature="AAAA'),
      },
    }));
    const badBody = spying(gw.fetch, (init) => ({
      ...init,
      body: init.body?.replace('"total":2400', '"total":1'),
    }));
    for (const fetch of [badSignature.fetch, badBody.fetch]) {
      const wechat = new WeChatPayProvider({ ...gw.adapterOptions(), fetch });
      await expect(wechat.create(input('wechat_h5'))).rejects.toMatchObject({
        status: 401,
        code: 'SIGN_ERROR',
      });
    }
    const foreign = new WeChatPayProvider({
      ...gw.adapterOptions(),
      merchantPrivateKeyPem: pem(stranger.privateKey),
    });
    await expect(foreign.query('W00000000')).rejects.toMatchObject({ status: 401, code: 'SIGN_ERROR' });
  });

  it('refuses answers with a bad signature, none, or from an unknown key', async () => {
    const gw = pay.gateways.wechat;
    const req = input('wechat_h5');
    await pay.wechat.create(req);
    try {
      gw.answerFault = 'bad-signature';
      await expect(pay.wechat.query(req.outTradeNo)).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
      // A 404 ORDER_NOT_EXIST is acted on (unknown), so it must verify too.
      await expect(pay.wechat.query('W_NEVER_CREATED')).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
      gw.answerFault = 'unsigned';
      await expect(pay.wechat.query(req.outTradeNo)).rejects.toMatchObject({ code: 'UNSIGNED_ANSWER' });
      await expect(pay.wechat.close(req.outTradeNo)).rejects.toBeInstanceOf(WeChatPayError);
    } finally {
      gw.answerFault = null;
    }
    const otherKeys = new WeChatPayProvider({
      ...gw.adapterOptions(),
      platformPublicKeys: { PUB_KEY_ID_0100000000000000000000000000: pem(stranger.publicKey) },
    });
    await expect(otherKeys.query(req.outTradeNo)).rejects.toMatchObject({ code: 'UNKNOWN_SERIAL' });
    // The vendor did close it; only its unsigned word was refused. A verified query tells.
    expect(await pay.wechat.query(req.outTradeNo)).toEqual({ state: 'closed' });
  });
});

describe('WeChat Pay v3 against the sandbox gateway', () => {
  it('H5: pending, paid at the cashier, refunded (still paid), and close refused once paid', async () => {
    const gw = pay.gateways.wechat;
    const req = input('wechat_h5');
    const created = await pay.wechat.create(req);
    if (created.kind !== 'h5') throw new Error('h5 expected');
    expect(created.h5Url).toMatch(
      /^\/api\/dev\/cashier\/wechat\/[0-9a-f]+\?prepay_id=wx[0-9a-f]+&package=\d{10}$/,
    );
    expect(await pay.wechat.query(req.outTradeNo)).toEqual({ state: 'pending' });

    clock.now += 30_000;
    const token = await gw.tokenOf(req.outTradeNo);
    const outcome = await gw.act(token ?? '', 'pay', { redirect: '/pay/result' });
    expect(outcome).toMatchObject({
      trade: { state: 'paid', tradeState: 'SUCCESS' },
      redirect: '/pay/result',
    });
    const paid = await pay.wechat.query(req.outTradeNo);
    expect(paid).toMatchObject({ state: 'paid', amountFen: 2400, paidAt: clock.now });
    if (paid.state !== 'paid') throw new Error('paid expected');
    expect(paid.providerTxnId).toMatch(/^4200\d{24}$/);

    const refund = {
      outTradeNo: req.outTradeNo,
      outRefundNo: `R${req.outTradeNo}`,
      refundFen: 2400,
      totalFen: 2400,
      reason: '用户取消',
    };
    const refunded = await pay.wechat.refund(refund);
    expect(refunded.state).toBe('succeeded');
    expect(refunded.providerRefundId).toMatch(/^50\d{27}$/);
    // Asking again with the same out_refund_no answers the same refund.
    expect(await pay.wechat.refund(refund)).toEqual(refunded);
    await expect(
      pay.wechat.refund({ ...refund, outRefundNo: `R2${req.outTradeNo}`, refundFen: 1 }),
    ).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    // REFUND: it was paid.
    expect(await pay.wechat.query(req.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 2400 });
    const refused = await pay.wechat.close(req.outTradeNo).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'ORDERPAID' });
    expect(isTradePaidRefusal(refused)).toBe(true);
  });

  it('close: an unpaid trade closes, closing again resolves, and the cashier can no longer pay it', async () => {
    const gw = pay.gateways.wechat;
    const req = input('wechat_jsapi');
    await pay.wechat.create(req);
    await pay.wechat.close(req.outTradeNo);
    expect(await pay.wechat.query(req.outTradeNo)).toEqual({ state: 'closed' });
    await pay.wechat.close(req.outTradeNo);
    await expect(gw.act((await gw.tokenOf(req.outTradeNo)) ?? '', 'pay')).rejects.toMatchObject({
      code: 'closed',
    });
    // Unknown to the vendor: query says unknown, close has nothing to do.
    expect(await pay.wechat.query('W_NEVER_CREATED')).toEqual({ state: 'unknown' });
    await pay.wechat.close('W_NEVER_CREATED');
  });

  it('a failed payment is closed (PAYERROR) and sends no notify', async () => {
    const gw = pay.gateways.wechat;
    const req = input('wechat_h5');
    await pay.wechat.create(req);
    const token = (await gw.tokenOf(req.outTradeNo)) ?? '';
    expect((await gw.act(token, 'cancel')).trade.tradeState).toBe('NOTPAY');
    const failed = await gw.act(token, 'fail');
    expect(failed).toMatchObject({ notify: null, trade: { state: 'closed', tradeState: 'PAYERROR' } });
    expect(await pay.wechat.query(req.outTradeNo)).toEqual({ state: 'closed' });
  });

  it('same out_trade_no: same parameters give the same prepay, another amount is refused', async () => {
    const req = input('wechat_jsapi');
    const a = await pay.wechat.create(req);
    const b = await pay.wechat.create(req);
    if (a.kind !== 'jsapi' || b.kind !== 'jsapi') throw new Error('jsapi expected');
    expect(b.prepayId).toBe(a.prepayId);
    await expect(pay.wechat.create({ ...req, amountFen: 2401 })).rejects.toMatchObject({
      status: 403,
      code: 'OUT_TRADE_NO_USED',
    });
  });

  it('the cashier past time_expire refuses to pay', async () => {
    const gw = pay.gateways.wechat;
    const req = input('wechat_h5', { expiresAt: clock.now + 60_000 });
    await pay.wechat.create(req);
    clock.now += 61_000;
    await expect(gw.act((await gw.tokenOf(req.outTradeNo)) ?? '', 'pay')).rejects.toMatchObject({
      code: 'expired',
    });
  });
});

describe('WeChat Pay v3 notify', () => {
  async function paidTrade() {
    const gw = pay.gateways.wechat;
    const req = input('wechat_h5');
    await pay.wechat.create(req);
    const outcome = await gw.act((await gw.tokenOf(req.outTradeNo)) ?? '', 'pay');
    if (!outcome.notify) throw new Error('notify expected');
    return { req, notify: outcome.notify };
  }

  function transactionNotify(
    tx: Record<string, unknown>,
    eventType = 'TRANSACTION.SUCCESS',
    mutate?: (r: Record<string, string>) => void,
  ) {
    const gw = pay.gateways.wechat;
    const resource: Record<string, string> = gw.encryptResource(JSON.stringify(tx));
    mutate?.(resource);
    const body = JSON.stringify({
      id: 'EV-1',
      create_time: '2026-11-21T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource,
    });
    return gw.signedNotify(NOTIFY, body);
  }

  const tx = (overrides: Record<string, unknown> = {}) => ({
    appid: WECHAT_APP_ID,
    mchid: '1900000109',
    out_trade_no: 'W_NOTIFY_1',
    transaction_id: '4200000000000000000000000001',
    trade_type: 'MWEB',
    trade_state: 'SUCCESS',
    success_time: '2026-11-21T10:00:00+08:00',
    amount: { total: 100, payer_total: 100, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides,
  });

  it('accepts the gateway notify: paid, with amount, transaction id and time', async () => {
    const { req, notify } = await paidTrade();
    expect(Object.keys(notify.headers)).toEqual(
      expect.arrayContaining([
        'wechatpay-serial',
        'wechatpay-signature',
        'wechatpay-timestamp',
        'wechatpay-nonce',
      ]),
    );
    expect(notify.headers['wechatpay-serial']).toMatch(/^PUB_KEY_ID_/);
    const event = pay.wechat.verifyNotify(notify, clock.now);
    expect(event).toMatchObject({
      kind: 'paid',
      outTradeNo: req.outTradeNo,
      amountFen: 2400,
      paidAt: Math.floor(clock.now / 1000) * 1000,
    });
    // A day later WeChat retries with a fresh timestamp: still accepted.
    clock.now += 24 * 3600_000;
    const retry = await pay.gateways.wechat.notifyFor(req.outTradeNo);
    expect(pay.wechat.verifyNotify(retry, clock.now)).toEqual(event);
    expect(pay.wechat.notifyAnswer(true)).toMatchObject({ status: 204, body: '' });
    const no = pay.wechat.notifyAnswer(false, 'bad');
    expect(no.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(no.body)).toEqual({ code: 'FAIL', message: 'bad' });
  });

  it('refuses tampering, re-serialising, stale or future timestamps, probes and unknown serials', async () => {
    const { req, notify } = await paidTrade();
    const check = (n: RawNotify, now = clock.now) => reasonOf(() => pay.wechat.verifyNotify(n, now));
    const flipped = Buffer.from(notify.rawBody);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    expect(check({ ...notify, rawBody: flipped })).toBe('bad-signature');
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(notify.rawBody.toString()), null, 1));
    expect(check({ ...notify, rawBody: reserialised })).toBe('bad-signature');
    const ts = Number(notify.headers['wechatpay-timestamp']) * 1000;
    expect(check(notify, ts + 300_000)).toBe('accepted');
    expect(check(notify, ts + 301_000)).toBe('stale-timestamp');
    expect(check(notify, ts - 301_000)).toBe('stale-timestamp');
    const stale = await pay.gateways.wechat.rawNotifyAt(req.outTradeNo, Math.floor(clock.now / 1000) - 301);
    expect(check(stale)).toBe('stale-timestamp');
    const future = await pay.gateways.wechat.rawNotifyAt(req.outTradeNo, Math.floor(clock.now / 1000) + 301);
    expect(check(future)).toBe('stale-timestamp');
    const probe = {
      ...notify.headers,
      'wechatpay-signature': `WECHATPAY/SIGNTEST/${notify.headers['wechatpay-signature']}`,
    };
    expect(check({ ...notify, headers: probe })).toBe('probe-signature');
    expect(check({ ...notify, headers: { ...notify.headers, 'wechatpay-serial': 'PUB_KEY_ID_0199' } })).toBe(
      'unknown-serial',
    );
    const { 'wechatpay-signature': _gone, ...unsigned } = notify.headers;
    expect(check({ ...notify, headers: unsigned })).toBe('bad-signature');
    // Header arrays (Node's raw shape) are read too.
    expect(
      check({
        ...notify,
        headers: { ...notify.headers, 'wechatpay-nonce': [notify.headers['wechatpay-nonce'] ?? ''] },
      }),
    ).toBe('accepted');
  });

  it('checks the merchant and app after decrypting, and refuses a broken ciphertext', () => {
    const check = (n: RawNotify) => reasonOf(() => pay.wechat.verifyNotify(n, clock.now));
    expect(pay.wechat.verifyNotify(transactionNotify(tx()), clock.now)).toEqual({
      kind: 'paid',
      outTradeNo: 'W_NOTIFY_1',
      amountFen: 100,
      providerTxnId: '4200000000000000000000000001',
      paidAt: START,
    });
    expect(check(transactionNotify(tx({ mchid: '1900000999' })))).toBe('wrong-merchant');
    expect(check(transactionNotify(tx({ appid: 'wx0000000000000000' })))).toBe('wrong-app');
    const broken = transactionNotify(tx(), 'TRANSACTION.SUCCESS', (r) => {
      r.ciphertext = `${r.ciphertext?.slice(0, 10)}${r.ciphertext?.[10] === 'A' ? 'B' : 'A'}${r.ciphertext?.slice(11)}`;
    });
    expect(check(broken)).toBe('decrypt-failed');
    const wrongAad = transactionNotify(tx(), 'TRANSACTION.SUCCESS', (r) => {
      r.associated_data = 'refund';
    });
    expect(check(wrongAad)).toBe('decrypt-failed');
    expect(check(pay.gateways.wechat.signedNotify(NOTIFY, '{"not":"a notify"}'))).toBe('bad-body');
  });

  it('maps other trade states and refund notices', () => {
    expect(pay.wechat.verifyNotify(transactionNotify(tx({ trade_state: 'CLOSED' })), clock.now)).toEqual({
      kind: 'closed',
      outTradeNo: 'W_NOTIFY_1',
    });
    expect(
      pay.wechat.verifyNotify(transactionNotify(tx({ trade_state: 'NOTPAY' })), clock.now),
    ).toMatchObject({
      kind: 'ignored',
    });
    const refund = {
      mchid: '1900000109',
      out_trade_no: 'W_NOTIFY_1',
      out_refund_no: 'R1',
      refund_status: 'SUCCESS',
    };
    expect(pay.wechat.verifyNotify(transactionNotify(refund, 'REFUND.SUCCESS'), clock.now)).toEqual({
      kind: 'ignored',
      outTradeNo: 'W_NOTIFY_1',
      reason: 'REFUND.SUCCESS',
    });
    expect(
      reasonOf(() =>
        pay.wechat.verifyNotify(transactionNotify({ ...refund, mchid: '1' }, 'REFUND.SUCCESS'), clock.now),
      ),
    ).toBe('wrong-merchant');
  });
});

describe('Alipay: signing, money and answers', () => {
  it('signs every param but sign: sorted, empty dropped, raw values', () => {
    expect(
      alipaySignContent({ method: 'm', app_id: '1', charset: '', sign: 'S', biz_content: '{"a":"x y&z"}' }),
    ).toBe('app_id=1&biz_content={"a":"x y&z"}&method=m');
    expect(alipaySignContent({ b: '2', a: '1', sign: 'S', sign_type: 'RSA2' }, ['sign', 'sign_type'])).toBe(
      'a=1&b=2',
    );
  });

  it('turns yuan text into fen exactly, and back', () => {
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('88.8')).toBe(8880);
    expect(yuanToFen('24')).toBe(2400);
    expect(yuanToFen('1000000.07')).toBe(100000007);
    for (const bad of ['1.005', '-1', '1e3', '', '0x10', '1,00', ' . '])
      expect(() => yuanToFen(bad)).toThrow();
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(1999)).toBe('19.99');
    expect(fenToYuan(2400)).toBe('24.00');
  });

  it('cuts the exact text of each top-level JSON member', () => {
    const text = '{"x_response":{"a":"}{\\"","b":[1,{"c":2}]} ,"sign":"abc=="}';
    const members = jsonMemberTexts(text);
    expect(members.get('x_response')).toBe('{"a":"}{\\"","b":[1,{"c":2}]}');
    expect(members.get('sign')).toBe('"abc=="');
  });

  it('builds the wap.pay form: escaped hidden inputs, signed, posted to gateway?charset=utf-8, no script', async () => {
    const req = input('alipay_wap');
    const result = await pay.alipay.create(req);
    if (result.kind !== 'wap') throw new Error('wap expected');
    expect(result.gatewayUrl).toBe('/api/dev/cashier/alipay/gateway');
    expect(result.form).toMatch(
      /^<form id="alipaysubmit" name="alipaysubmit" method="post" action="\/api\/dev\/cashier\/alipay\/gateway\?charset=utf-8">/,
    );
    expect(result.form).not.toContain('<script');
    expect(result.form).not.toContain('<加急>');
    const fields = alipayFormFields(result.form);
    expect(fields).toMatchObject({
      app_id: '2021000000000000',
      method: 'alipay.trade.wap.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatBeijingTime(clock.now),
      version: '1.0',
      notify_url: req.notifyUrl,
      return_url: req.returnUrl,
    });
    expect(JSON.parse(fields.biz_content ?? '')).toEqual({
      out_trade_no: req.outTradeNo,
      total_amount: '24.00',
      subject: req.description,
      product_code: 'QUICK_WAP_WAY',
      quit_url: req.returnUrl,
      time_expire: formatBeijingTime(req.expiresAt),
    });
    const verifier = createVerify('RSA-SHA256').update(alipaySignContent(fields));
    expect(verifier.verify(pay.gateways.alipay.appKeys.publicKey, fields.sign ?? '', 'base64')).toBe(true);
  });

  it('the gateway refuses a tampered form and a reused out_trade_no with another amount', async () => {
    const gw = pay.gateways.alipay;
    const req = input('alipay_wap');
    const result = await pay.alipay.create(req);
    if (result.kind !== 'wap') throw new Error('wap expected');
    const fields = alipayFormFields(result.form);
    const tampered = { ...fields, biz_content: (fields.biz_content ?? '').replace('"24.00"', '"0.01"') };
    expect(await gw.openFromForm(tampered)).toMatchObject({ ok: false, code: 'isv.invalid-signature' });
    const opened = await gw.openFromForm(fields);
    expect(opened.ok).toBe(true);
    expect(await gw.openFromForm(fields)).toEqual(opened);
    const other = await pay.alipay.create({ ...req, amountFen: 2500 });
    if (other.kind !== 'wap') throw new Error('wap expected');
    expect(await gw.openFromForm(alipayFormFields(other.form))).toMatchObject({
      ok: false,
      code: 'ACQ.CONTEXT_INCONSISTENT',
    });
  });

  it('query / close / refund against the gateway, answers verified', async () => {
    const gw = pay.gateways.alipay;
    const req = input('alipay_wap', { amountFen: 1 });
    const result = await pay.alipay.create(req);
    if (result.kind !== 'wap') throw new Error('wap expected');
    // Not opened by the person yet: Alipay has no such trade.
    expect(await pay.alipay.query(req.outTradeNo)).toEqual({ state: 'unknown' });
    const opened = await gw.openFromForm(alipayFormFields(result.form));
    if (!opened.ok) throw new Error(opened.message);
    expect(await pay.alipay.query(req.outTradeNo)).toEqual({ state: 'pending' });
    const outcome = await gw.act(opened.token, 'pay');
    const status = await pay.alipay.query(req.outTradeNo);
    expect(status).toMatchObject({
      state: 'paid',
      amountFen: 1,
      paidAt: Math.floor(clock.now / 1000) * 1000,
    });
    // The sync return carries Alipay's signed params (the return page still queries).
    const back = new URL(outcome.redirect ?? '');
    expect(back.origin + back.pathname).toBe('https://lawline.example/pay/result');
    expect(back.searchParams.get('orderId')).toBe('T1');
    const returned = Object.fromEntries(back.searchParams);
    expect(returned).toMatchObject({
      method: 'alipay.trade.wap.pay.return',
      out_trade_no: req.outTradeNo,
      total_amount: '0.01',
    });
    const alipayKey = loadAlipayPublicKey(pay.gateways.alipay.adapterOptions().alipayPublicKeyPem);
    const { orderId: _o, x: _x, ...signedReturn } = returned;
    expect(alipayVerifyParams(signedReturn, alipayKey)).toBe(true);

    const refund = {
      outTradeNo: req.outTradeNo,
      outRefundNo: `R${req.outTradeNo}`,
      refundFen: 1,
      totalFen: 1,
      reason: '取消',
    };
    expect((await pay.alipay.refund(refund)).state).toBe('succeeded');
    // A repeat moves no money (fund_change N); the refund query says it succeeded.
    expect((await pay.alipay.refund(refund)).state).toBe('succeeded');
    // Fully refunded: TRADE_CLOSED, but it was paid.
    expect(await pay.alipay.query(req.outTradeNo)).toMatchObject({ state: 'paid', amountFen: 1 });
    const refused = await pay.alipay.close(req.outTradeNo).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AlipayError);

    const unpaid = input('alipay_wap');
    const form = await pay.alipay.create(unpaid);
    if (form.kind !== 'wap') throw new Error('wap expected');
    await gw.openFromForm(alipayFormFields(form.form));
    await pay.alipay.close(unpaid.outTradeNo);
    expect(await pay.alipay.query(unpaid.outTradeNo)).toEqual({ state: 'closed' });
    await pay.alipay.close(unpaid.outTradeNo);
    await pay.alipay.close('A_NEVER_OPENED');
    await expect(pay.alipay.refund({ ...refund, outTradeNo: unpaid.outTradeNo })).rejects.toMatchObject({
      subCode: 'ACQ.TRADE_STATUS_ERROR',
    });
  });

  it('refuses answers with a bad signature or none, and the gateway refuses a foreign app key', async () => {
    const gw = pay.gateways.alipay;
    try {
      gw.answerFault = 'bad-signature';
      await expect(pay.alipay.query('A_ANY_TRADE')).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
      gw.answerFault = 'unsigned';
      await expect(pay.alipay.query('A_ANY_TRADE')).rejects.toMatchObject({ code: 'UNSIGNED_ANSWER' });
    } finally {
      gw.answerFault = null;
    }
    const foreign = new AlipayProvider({
      ...gw.adapterOptions(),
      appPrivateKeyPem: pem(stranger.privateKey),
    });
    await expect(foreign.query('A_ANY_TRADE')).rejects.toMatchObject({ subCode: 'isv.invalid-signature' });
    // Keys given as the bare Base64 the Alipay tool prints work too.
    const bare = (p: string) => p.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const opts = gw.adapterOptions();
    const plain = new AlipayProvider({
      ...opts,
      appPrivateKeyPem: bare(opts.appPrivateKeyPem),
      alipayPublicKeyPem: bare(opts.alipayPublicKeyPem),
    });
    expect(await plain.query('A_ANY_TRADE')).toEqual({ state: 'unknown' });
  });
});

describe('Alipay notify', () => {
  async function paid(amountFen = 2400) {
    const gw = pay.gateways.alipay;
    const req = input('alipay_wap', { amountFen });
    const result = await pay.alipay.create(req);
    if (result.kind !== 'wap') throw new Error('wap expected');
    const opened = await gw.openFromForm(alipayFormFields(result.form));
    if (!opened.ok) throw new Error(opened.message);
    const outcome = await gw.act(opened.token, 'pay');
    if (!outcome.notify) throw new Error('notify expected');
    return { req, token: opened.token, notify: outcome.notify };
  }
  const check = (n: RawNotify) => reasonOf(() => pay.alipay.verifyNotify(n, clock.now));
  const params = (n: RawNotify) => {
    const p = parseForm(n.rawBody.toString()) ?? {};
    delete p.sign;
    return p;
  };

  it('verifies TRADE_SUCCESS and TRADE_FINISHED as paid, with decoded values', async () => {
    const { req, notify } = await paid(1999);
    expect(notify.rawBody.toString()).toContain('fund_bill_list=%5B%7B');
    const event = pay.alipay.verifyNotify(notify, clock.now);
    expect(event).toMatchObject({
      kind: 'paid',
      outTradeNo: req.outTradeNo,
      amountFen: 1999,
      paidAt: Math.floor(clock.now / 1000) * 1000,
    });
    const finished = await pay.gateways.alipay.notifyFor(req.outTradeNo, 'TRADE_FINISHED');
    expect(pay.alipay.verifyNotify(finished, clock.now)).toEqual(event);
    // An empty extra param is not signed, so it changes nothing.
    expect(
      check({ ...notify, rawBody: Buffer.concat([notify.rawBody, Buffer.from('&passback_params=')]) }),
    ).toBe('accepted');
    expect(pay.alipay.notifyAnswer(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(pay.alipay.notifyAnswer(false).body).toBe('failure');
  });

  it('refuses a changed total_amount, a foreign app_id or seller_id, a repeated key', async () => {
    const { notify } = await paid();
    const forged = Buffer.from(notify.rawBody.toString().replace(/total_amount=[^&]+/, 'total_amount=0.01'));
    expect(check({ ...notify, rawBody: forged })).toBe('bad-signature');
    const gw = pay.gateways.alipay;
    expect(check(gw.signedNotify(NOTIFY, { ...params(notify), app_id: '2021009999999999' }))).toBe(
      'wrong-app',
    );
    expect(check(gw.signedNotify(NOTIFY, { ...params(notify), seller_id: '2088009999999999' }))).toBe(
      'wrong-merchant',
    );
    expect(
      check({
        ...notify,
        rawBody: Buffer.concat([notify.rawBody, Buffer.from('&trade_status=TRADE_SUCCESS')]),
      }),
    ).toBe('bad-body');
    expect(check({ ...notify, rawBody: Buffer.from('a=1') })).toBe('bad-signature');
  });

  it('maps TRADE_CLOSED to closed (a refund close to ignored) and WAIT_BUYER_PAY to ignored', async () => {
    const gw = pay.gateways.alipay;
    const req = input('alipay_wap');
    const result = await pay.alipay.create(req);
    if (result.kind !== 'wap') throw new Error('wap expected');
    const opened = await gw.openFromForm(alipayFormFields(result.form));
    if (!opened.ok) throw new Error(opened.message);
    const failed = await gw.act(opened.token, 'fail');
    expect(failed.trade.tradeState).toBe('TRADE_CLOSED');
    if (!failed.notify) throw new Error('TRADE_CLOSED notify expected');
    expect(pay.alipay.verifyNotify(failed.notify, clock.now)).toEqual({
      kind: 'closed',
      outTradeNo: req.outTradeNo,
    });
    const waiting = gw.signedNotify(NOTIFY, { ...params(failed.notify), trade_status: 'WAIT_BUYER_PAY' });
    expect(pay.alipay.verifyNotify(waiting, clock.now)).toMatchObject({
      kind: 'ignored',
      reason: 'WAIT_BUYER_PAY',
    });
    const refundClose = gw.signedNotify(NOTIFY, {
      ...params(failed.notify),
      refund_fee: '24.00',
      gmt_refund: '2026-11-21 10:05:00',
    });
    expect(pay.alipay.verifyNotify(refundClose, clock.now)).toMatchObject({
      kind: 'ignored',
      reason: 'refund',
    });
  });
});

describe('the sandbox across a restart', () => {
  it('makes new keys but keeps the trades', async () => {
    const req = input('wechat_h5');
    await pay.wechat.create(req);
    const before = pay.gateways.wechat.adapterOptions();
    const again = createSandboxPayments({ db: db.db, clock: () => clock.now, wechatAppId: WECHAT_APP_ID });
    expect(again.gateways.wechat.adapterOptions().apiV3Key).not.toBe(before.apiV3Key);
    expect(again.gateways.wechat.platformSerial).not.toBe(pay.gateways.wechat.platformSerial);
    expect(await again.wechat.query(req.outTradeNo)).toEqual({ state: 'pending' });
    // The old process's adapter does not trust the new process's answers.
    const stale = new WeChatPayProvider({ ...before, fetch: again.gateways.wechat.fetch });
    await expect(stale.query(req.outTradeNo)).rejects.toBeInstanceOf(WeChatPayError);
  });
});
