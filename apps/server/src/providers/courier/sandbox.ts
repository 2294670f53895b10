import { createHash } from 'node:crypto';
import type { CourierEvent, CourierProvider, CourierStatus, Shipment, ShipmentBooked } from './port.ts';

const HOUR = 60 * 60 * 1000;

/** The journey of every sandbox parcel: hours after booking, status, what the carrier says. */
const JOURNEY: ReadonlyArray<readonly [number, CourierStatus, string]> = [
  [0, 'created', '顺丰速运已下单，等待快递员上门揽收'],
  [1, 'collected', '快递员已揽收快件（文件），已发往始发地中转场'],
  [3, 'in_transit', '快件已从始发地中转场发出，正在运往目的地'],
  [20, 'delivering', '快件已到达目的地营业点，快递员正在派送，请保持电话畅通'],
  [24, 'signed', '快件已签收，签收人：本人，感谢使用顺丰速运'],
];

/** A recipient refuses the parcel when the sandbox is told so (a magic word in their name or address). */
const REFUSED: ReadonlyArray<readonly [number, CourierStatus, string]> = [
  ...JOURNEY.slice(0, 4),
  [22, 'failed', '收件人拒收，快件将退回寄件人'],
];
const REFUSAL_WORD = '拒收';
/** Tracking numbers whose last three digits are these were refused. */
const REFUSED_SUFFIX = '000';

export type SandboxCourierOptions = {
  /**
   * How much faster than real time parcels travel: 1 = a day to deliver; 720 = two minutes, so the
   * sandbox autopilot can show the whole journey while someone watches.
   */
  speed?: number;
};

/**
 * An offline carrier. Tracking numbers look like SF's (SF + 13 digits) and carry their own
 * booking time (seconds) and a digest of the order, so tracking needs no stored state and
 * survives restarts; booking the same order again within a second gives the same number.
 * Events appear over time from booking (clock injected; `speed` compresses it).
 */
export class SandboxCourierProvider implements CourierProvider {
  readonly name = 'sandbox';
  readonly isSandbox = true;
  readonly carrier = '顺丰速运（沙箱）';
  private readonly speed: number;
  /** What was booked, newest last (for tests and the dev pages). */
  readonly booked: Array<Shipment & ShipmentBooked & { at: number }> = [];

  constructor(
    private readonly clock: () => number,
    options: SandboxCourierOptions = {},
  ) {
    const speed = options.speed ?? 1;
    if (!(speed >= 1 && Number.isFinite(speed))) throw new RangeError('speed must be a number ≥ 1');
    this.speed = speed;
  }

  async send(shipment: Shipment): Promise<ShipmentBooked> {
    for (const party of [shipment.sender, shipment.recipient]) {
      if (!party.name.trim() || !party.phone.trim() || !party.address.trim()) {
        throw new Error('寄件人和收件人的姓名、电话、地址都需要填写');
      }
    }
    const now = this.clock();
    const seconds = String(Math.floor(now / 1000) % 1e10).padStart(10, '0');
    const refused = `${shipment.recipient.name}${shipment.recipient.address}`.includes(REFUSAL_WORD);
    const digest = createHash('sha256').update(shipment.orderRef).digest().readUInt32BE(0);
    const suffix = refused ? REFUSED_SUFFIX : String((digest % 999) + 1).padStart(3, '0');
    const booked = { trackingNo: `SF${seconds}${suffix}`, carrier: this.carrier };
    this.booked.push({ ...shipment, ...booked, at: now });
    if (this.booked.length > 500) this.booked.shift();
    return booked;
  }

  async track(trackingNo: string): Promise<CourierEvent[]> {
    const m = /^SF(\d{10})(\d{3})$/.exec(trackingNo.trim());
    if (!m) throw new Error(`运单号 ${trackingNo} 不存在`);
    const bookedAt = Number(m[1]) * 1000;
    const now = this.clock();
    const journey = m[2] === REFUSED_SUFFIX ? REFUSED : JOURNEY;
    return journey
      .map(([hours, status, text]) => ({
        at: bookedAt + Math.round((hours * HOUR) / this.speed),
        status,
        text,
      }))
      .filter((event) => event.at <= now);
  }
}
