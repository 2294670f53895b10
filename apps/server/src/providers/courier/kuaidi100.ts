import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CourierEvent, CourierProvider, CourierStatus, Shipment, ShipmentBooked } from './port.ts';

/** Kuaidi100 (快递100) signatures: 32 upper-case hex digits of MD5 over the concatenation. */
export function kuaidi100Sign(...parts: string[]): string {
  return createHash('md5').update(parts.join(''), 'utf8').digest('hex').toUpperCase();
}

export type Kuaidi100Options = {
  /** 授权 key (both APIs). */
  key: string;
  /** Secret of the 商家寄件 (business shipping) API. */
  secret: string;
  /** 查询公司编号 customer (real-time tracking API). */
  customer: string;
  /** Carrier code, lower case (shunfeng, ems, jd, zhongtong …). */
  kuaidicom: string;
  /** Where Kuaidi100 posts order status changes (required by the API; we also poll). */
  callbackUrl: string;
  orderUrl?: string;
  queryUrl?: string;
  fetch?: typeof fetch;
  clock?: () => number;
};

const CARRIERS: Record<string, string> = {
  shunfeng: '顺丰速运',
  ems: 'EMS',
  jd: '京东快递',
  zhongtong: '中通快递',
  yuantong: '圆通速递',
  shentong: '申通快递',
  yunda: '韵达快递',
  jtexpress: '极兔速递',
  debangkuaidi: '德邦快递',
};

/** 商家寄件 answer: {result, returnCode, message, data: {taskId, orderId, kuaidinum}}. */
const BookAnswer = z.looseObject({
  result: z.boolean(),
  returnCode: z.union([z.string(), z.number()]).transform(String).optional(),
  message: z.string().optional(),
  data: z
    .looseObject({
      taskId: z.string().optional(),
      orderId: z.string().optional(),
      kuaidinum: z.string().nullish(),
    })
    .nullish(),
});

/** Real-time query answer; a failure has result:false and returnCode instead of data. */
const TrackAnswer = z.looseObject({
  result: z.boolean().optional(),
  returnCode: z.union([z.string(), z.number()]).transform(String).optional(),
  message: z.string().optional(),
  status: z.union([z.string(), z.number()]).transform(String).optional(),
  state: z.union([z.string(), z.number()]).transform(String).optional(),
  data: z
    .array(
      z.looseObject({
        time: z.string(),
        ftime: z.string().optional(),
        context: z.string(),
        status: z.string().nullish(),
      }),
    )
    .optional(),
});

/** Overall `state` codes: 0在途 1揽收 2疑难 3签收 4退签 5派件 6退回 7转投 8清关 14拒签 … */
const STATE: Record<string, CourierStatus> = {
  '0': 'in_transit',
  '1': 'collected',
  '2': 'failed',
  '3': 'signed',
  '4': 'failed',
  '5': 'delivering',
  '6': 'failed',
  '7': 'in_transit',
  '8': 'in_transit',
  '10': 'in_transit',
  '11': 'in_transit',
  '12': 'in_transit',
  '13': 'failed',
  '14': 'failed',
};

/** Per-event status names (resultv2=1): 揽收, 在途, 派件, 签收, 退签, 退回, 疑难, 转投, 拒签 … */
function eventStatus(name: string | null | undefined): CourierStatus | null {
  if (!name) return null;
  if (name.includes('揽收') || name.includes('下单')) return 'collected';
  if (name.includes('派件') || name.includes('派送')) return 'delivering';
  if (name.includes('退签') || name.includes('拒签') || name.includes('退回') || name.includes('疑难'))
    return 'failed';
  if (name.includes('签收')) return 'signed';
  if (name.includes('在途') || name.includes('转投') || name.includes('清关') || name.includes('转单'))
    return 'in_transit';
  return null;
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time → epoch ms. */
function beijingTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0) - 8 * 60 * 60 * 1000;
}

export class CourierError extends Error {}

/**
 * Kuaidi100: 商家寄件 (bOrder) books a pick-up by the chosen carrier, the real-time query API
 * (poll/query.do) follows it. Both are form posts; 商家寄件 signs MD5(param + t + key + secret),
 * the query signs MD5(param + key + customer), upper case. Booking is not idempotent: never retried.
 */
export class Kuaidi100CourierProvider implements CourierProvider {
  readonly name = 'kuaidi100';
  readonly isSandbox = false;

  constructor(private readonly options: Kuaidi100Options) {}

  get carrier(): string {
    return CARRIERS[this.options.kuaidicom] ?? this.options.kuaidicom;
  }

  /** The form the booking posts (exposed for tests). */
  bookingForm(shipment: Shipment): URLSearchParams {
    const o = this.options;
    const param = JSON.stringify({
      kuaidicom: o.kuaidicom,
      recManName: shipment.recipient.name,
      recManMobile: shipment.recipient.phone,
      recManPrintAddr: shipment.recipient.address,
      sendManName: shipment.sender.name,
      sendManMobile: shipment.sender.phone,
      sendManPrintAddr: shipment.sender.address,
      callBackUrl: o.callbackUrl,
      cargo: shipment.item,
      payment: 'SHIPPER',
      remark: shipment.orderRef,
    });
    const t = String((o.clock ?? Date.now)());
    return new URLSearchParams({
      method: 'bOrder',
      key: o.key,
      sign: kuaidi100Sign(param, t, o.key, o.secret),
      t,
      param,
    });
  }

  /** The form the real-time query posts (exposed for tests). */
  trackingForm(trackingNo: string, phone?: string): URLSearchParams {
    const o = this.options;
    const param = JSON.stringify({
      com: o.kuaidicom,
      num: trackingNo,
      ...(phone ? { phone } : {}),
      resultv2: '1',
      show: '0',
      order: 'asc',
    });
    return new URLSearchParams({
      customer: o.customer,
      sign: kuaidi100Sign(param, o.key, o.customer),
      param,
    });
  }

  async send(shipment: Shipment): Promise<ShipmentBooked> {
    const body = await this.post(
      this.options.orderUrl ?? 'https://poll.kuaidi100.com/order/borderapi.do',
      this.bookingForm(shipment),
    );
    const answer = BookAnswer.safeParse(body);
    if (!answer.success || !answer.data.result || answer.data.returnCode !== '200') {
      const d = answer.success ? answer.data : null;
      throw new CourierError(
        `快递100下单失败：${d?.returnCode ?? ''} ${d?.message ?? '无法识别的应答'}`.trim(),
      );
    }
    const trackingNo = answer.data.data?.kuaidinum;
    if (!trackingNo) {
      // Some carriers assign the waybill number only at pick-up; we need it to follow the parcel.
      throw new CourierError('快递100已接单但未返回运单号，请选择下单即出单号的快递公司');
    }
    return { trackingNo, carrier: this.carrier };
  }

  async track(trackingNo: string, options: { phone?: string } = {}): Promise<CourierEvent[]> {
    const body = await this.post(
      this.options.queryUrl ?? 'https://poll.kuaidi100.com/poll/query.do',
      this.trackingForm(trackingNo, options.phone),
    );
    const answer = TrackAnswer.safeParse(body);
    if (!answer.success) throw new CourierError('快递100查询应答无法识别');
    const a = answer.data;
    if (a.result === false || !a.data) {
      // "查询无结果" before the carrier's first scan is not an error: no events yet.
      if (a.returnCode === '500' || /无结果|不存在/.test(a.message ?? '')) return [];
      throw new CourierError(`快递100查询失败：${a.returnCode ?? ''} ${a.message ?? ''}`.trim());
    }
    const rows = a.data
      .map((row) => ({ at: beijingTime(row.ftime ?? row.time) ?? beijingTime(row.time), row }))
      .filter((r): r is { at: number; row: (typeof r)['row'] } => r.at !== null)
      .sort((x, y) => x.at - y.at);
    const overall = STATE[a.state ?? ''] ?? 'in_transit';
    return rows.map(({ at, row }, i) => ({
      at,
      // Without a per-event name: the newest event carries the overall state, the first is the pick-up.
      status:
        eventStatus(row.status) ?? (i === rows.length - 1 ? overall : i === 0 ? 'collected' : 'in_transit'),
      text: row.context,
    }));
  }

  private async post(url: string, form: URLSearchParams): Promise<unknown> {
    const res = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new CourierError(`快递100接口HTTP ${res.status}`);
    return res.json().catch(() => {
      throw new CourierError('快递100应答不是JSON');
    });
  }
}
