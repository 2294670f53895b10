import { randomInt } from 'node:crypto';

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

function tail(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += ID_CHARS[randomInt(ID_CHARS.length)];
  return out;
}

function beijingStamp(now: number): string {
  return new Date(now + BEIJING_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** 'P' + yyyymmdd (Beijing) + 8 random characters, the shape of phone order ids. */
export function newProductOrderId(now: number): string {
  return `P${beijingStamp(now).slice(0, 8)}${tail(8)}`;
}

/** Our out_trade_no (6–32 characters, unique per merchant): 'LL' + yyyyMMddHHmmss + 12 random. */
export function newOutTradeNo(now: number): string {
  return `LL${beijingStamp(now)}${tail(12)}`;
}

/** One full refund per payment: a fixed out_refund_no makes the vendor call idempotent. */
export function outRefundNoFor(outTradeNo: string): string {
  return `RF${outTradeNo}`;
}
