/** Someone at one end of a shipment. */
export type CourierParty = { name: string; phone: string; address: string };

export type Shipment = {
  /** Our reference (the order id): the sandbox derives its tracking number from it. */
  orderRef: string;
  sender: CourierParty;
  recipient: CourierParty;
  /** What is inside, e.g. 律师函. */
  item: string;
};

export type ShipmentBooked = { trackingNo: string; carrier: string };

export const CourierStatus = {
  created: '已下单',
  collected: '已揽收',
  in_transit: '运输中',
  delivering: '派送中',
  signed: '已签收',
  failed: '投递异常',
} as const;
export type CourierStatus = keyof typeof CourierStatus;

/** One step of a shipment; `at` is epoch ms, `text` the carrier's words (Chinese). */
export type CourierEvent = { at: number; status: CourierStatus; text: string };

/** Express delivery: book a pick-up, then follow the parcel. */
export interface CourierProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  /** Books the shipment; throws when the carrier refused it (nothing was booked). */
  send(shipment: Shipment): Promise<ShipmentBooked>;
  /**
   * The events so far, oldest first. Some carriers (SF, ZTO) only answer with a phone number of
   * the sender or recipient, so pass one when you have it.
   */
  track(trackingNo: string, options?: { phone?: string }): Promise<CourierEvent[]>;
}

/** The latest status, or null before the first event. */
export function latestStatus(events: readonly CourierEvent[]): CourierStatus | null {
  return events.length > 0 ? (events[events.length - 1] as CourierEvent).status : null;
}
