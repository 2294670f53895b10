import { CallOrderStatus } from '../constants/order-status.ts';

/** Where PhoneWaiting goes for a call-order status (spec §4 phone order table). */
export type CallOrderNext =
  | { action: 'poll' }
  | { action: 'navigate'; page: 'Payment' | 'LawyerEvaluation' | 'PayWaiting' | 'TelDetail' }
  | { action: 'unknown' };

export function nextScreenForCallStatus(status: number): CallOrderNext {
  switch (status) {
    case CallOrderStatus.inProgress:
      return { action: 'poll' };
    case CallOrderStatus.paymentDue:
      return { action: 'navigate', page: 'Payment' };
    case CallOrderStatus.evaluate:
      return { action: 'navigate', page: 'LawyerEvaluation' };
    case CallOrderStatus.payWaiting:
      return { action: 'navigate', page: 'PayWaiting' };
    case CallOrderStatus.closed:
      return { action: 'navigate', page: 'TelDetail' };
    default:
      return { action: 'unknown' };
  }
}
