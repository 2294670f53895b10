import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AlipayError, type AlipayOptions, AlipayProvider, alipayFormFields } from './alipay.ts';
import type { CreatePaymentInput, CreatePaymentResult, PaymentProvider } from './port.ts';
import { SandboxAlipayGateway, type SandboxAlipayKeys } from './sandbox-alipay-gateway.ts';
import { SandboxWeChatGateway, type SandboxWeChatKeys } from './sandbox-wechat-gateway.ts';
import { WeChatPayError, type WeChatPayOptions, WeChatPayProvider } from './wechatpay.ts';

export type { AlipayOptions } from './alipay.ts';
export type { WeChatPayOptions } from './wechatpay.ts';

export type Payments = { wechat: PaymentProvider; alipay: PaymentProvider };

export type SandboxPayments = Payments & {
  gateways: { wechat: SandboxWeChatGateway; alipay: SandboxAlipayGateway };
};

export const SANDBOX_WECHAT_MCH_ID = '1900000109';
export const SANDBOX_ALIPAY_APP_ID = '2021000000000000';
export const SANDBOX_ALIPAY_SELLER_ID = '2088000000000000';

/** The real Alipay adapter; the sandbox gateway also sees each form it builds (for markPaid). */
class SandboxAlipayProvider extends AlipayProvider {
  constructor(private readonly gateway: SandboxAlipayGateway) {
    super(gateway.adapterOptions());
  }

  override async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    const result = await super.create(input);
    if (result.kind === 'wap') this.gateway.sawForm(alipayFormFields(result.form));
    return result;
  }
}

const SandboxKeysSchema = z.object({
  wechat: z.object({
    merchantSerialNo: z.string(),
    platformSerial: z.string(),
    apiV3Key: z.string().length(32),
    merchantPrivateKeyPem: z.string(),
    platformPrivateKeyPem: z.string(),
  }),
  alipay: z.object({ appPrivateKeyPem: z.string(), alipayPrivateKeyPem: z.string() }),
});
type SandboxKeys = { wechat: SandboxWeChatKeys; alipay: SandboxAlipayKeys };

/** The sandbox vendors' keys of an earlier start, or null (missing, unreadable: new keys then). */
function readSandboxKeys(file: string): SandboxKeys | null {
  try {
    return SandboxKeysSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

function writeSandboxKeys(file: string, keys: SandboxKeys): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(keys), { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // Not kept: the next start makes new keys (forms made before it then fail, as before).
  }
}

/**
 * The offline payments: the real adapters talking to in-process gateways with keys they generated.
 * With `keyFile` the keys are kept there, so a payment form or prepay made before a restart still
 * verifies after it (trades persist in sandbox_pay_trades). The gateways also drive the cashier
 * routes (modules/dev/cashier-routes.ts).
 */
export function createSandboxPayments(options: {
  db: Db;
  clock: () => number;
  wechatAppId: string;
  keyFile?: string;
}): SandboxPayments {
  const kept = options.keyFile ? readSandboxKeys(options.keyFile) : null;
  const wechatGateway = new SandboxWeChatGateway({
    db: options.db,
    clock: options.clock,
    appId: options.wechatAppId,
    mchId: SANDBOX_WECHAT_MCH_ID,
    ...(kept ? { keys: kept.wechat } : {}),
  });
  const alipayGateway = new SandboxAlipayGateway({
    db: options.db,
    clock: options.clock,
    appId: SANDBOX_ALIPAY_APP_ID,
    sellerId: SANDBOX_ALIPAY_SELLER_ID,
    ...(kept ? { keys: kept.alipay } : {}),
  });
  if (options.keyFile && !kept) {
    writeSandboxKeys(options.keyFile, {
      wechat: wechatGateway.exportKeys(),
      alipay: alipayGateway.exportKeys(),
    });
  }
  return {
    wechat: new WeChatPayProvider(wechatGateway.adapterOptions()),
    alipay: new SandboxAlipayProvider(alipayGateway),
    gateways: { wechat: wechatGateway, alipay: alipayGateway },
  };
}

/** The vendors themselves (keys and ids from config). */
export function createRealPayments(options: { wechat: WeChatPayOptions; alipay: AlipayOptions }): Payments {
  return { wechat: new WeChatPayProvider(options.wechat), alipay: new AlipayProvider(options.alipay) };
}

/** close() refused because the trade was paid meanwhile: query it and treat the attempt as paid. */
export function isTradePaidRefusal(err: unknown): boolean {
  if (err instanceof WeChatPayError) return err.code === 'ORDERPAID';
  if (err instanceof AlipayError) return err.subCode === 'ACQ.TRADE_STATUS_ERROR';
  return false;
}
