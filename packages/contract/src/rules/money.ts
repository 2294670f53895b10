/** Money is integer fen inside; the wire and the screen show yuan. */
export function payableFen(priceFen: number, couponFen = 0): number {
  return Math.max(0, Math.round(priceFen) - Math.max(0, Math.round(couponFen)));
}

export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** "6" for 600 fen, "5.5" for 550, "0.01" for 1. */
export function formatYuan(fen: number): string {
  return String(fenToYuan(fen));
}

/** Payable price in yuan as the client computes it: order price minus coupon, never below 0. */
export function payablePrice(orderPriceYuan: number, couponValueYuan = 0): number {
  return fenToYuan(payableFen(yuanToFen(orderPriceYuan), yuanToFen(couponValueYuan)));
}
