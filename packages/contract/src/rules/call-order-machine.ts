import { CallOrderStatus, OrderStatus } from '../constants/order-status.ts';

/**
 * THE state machine of a phone consultation (call order). One internal state, two projections
 * onto the spec's codes: the general order status (order list, details) and the phone call-order
 * status (order/callOrderDetail, polled on PhoneWaiting). The server applies CallOrderTransitions
 * through one function with an optimistic guard (UPDATE … WHERE id = ? AND state = ? AND
 * version = ?), so a duplicate event changes an order exactly once.
 *
 * | state         | meaning                                        | general (list) | call status (PhoneWaiting) |
 * |---------------|------------------------------------------------|----------------|----------------------------|
 * | scheduled     | a callback request: dispatched at scheduled_at | 1 等待服务     | 2 → keep polling           |
 * | dispatching   | looking for a lawyer, no offer out             | 1 等待服务     | 2 → keep polling           |
 * | offered       | an offer is out to one lawyer (20 s)           | 1 等待服务     | 2 → keep polling           |
 * | assigned      | a lawyer accepted; masked number bound         | 2 服务中       | 2 → keep polling           |
 * | in_call       | the call is connected                          | 2 服务中       | 2 → keep polling           |
 * | payment_due   | call over, money owed                          | 3 待支付       | 5 → Payment                |
 * | pay_submitted | payment submitted, awaiting confirmation (#6)  | 3 待支付       | 3 → PayWaiting             |
 * | to_evaluate   | paid or free; waiting for the evaluation       | 4 已支付       | 4 → LawyerEvaluation       |
 * | evaluated     | evaluated: finished                            | 5 已完成       | 4 → LawyerEvaluation/TelDetail |
 * | closed        | cancelled, no lawyer, unanswered               | 99 已取消      | 99 → TelDetail             |
 *
 * | event           | from                              | to            | who                                   |
 * |-----------------|-----------------------------------|---------------|---------------------------------------|
 * | (create)        | —                                 | dispatching   | order/createCallOrder                 |
 * | (create)        | —                                 | scheduled     | order/createCallOrder callback: true  |
 * | open            | scheduled                         | dispatching   | job at the callback time (a lawyer on)|
 * | offer           | dispatching                       | offered       | dispatcher (job), autopilot           |
 * | offerLapsed     | offered                           | dispatching   | lawyer declines / offer expires (job) |
 * | accept          | offered                           | assigned      | lawyer/offer/accept, autopilot        |
 * | keepWaiting     | dispatching, offered              | (same)        | order/keepWaiting: new 60 s promise   |
 * | rematch         | dispatching, offered              | dispatching   | order/rematch: current offer dropped  |
 * | releaseRequested| dispatching, offered              | dispatching   | order/releaseRequestedLawyer, the     |
 * |                 |                                   |               | wait's job, the lawyer declining      |
 * | cancel          | scheduled, dispatching, offered,  | closed        | order/cancelCallOrder                 |
 * |                 | assigned                          |               |                                       |
 * | giveUp          | scheduled, dispatching, offered   | closed        | job: nobody accepted in time          |
 * | callStarted     | assigned                          | in_call       | telephony status callback / connect   |
 * | callBilled      | assigned, in_call                 | payment_due   | call record: connected, money owed    |
 * | callFree        | assigned, in_call                 | to_evaluate   | call record: connected, nothing owed  |
 * | callUnanswered  | assigned, in_call                 | closed        | call record: start = release          |
 * | paySubmitted    | payment_due                       | pay_submitted | payment (issue 6)                     |
 * | payFailed       | pay_submitted                     | payment_due   | payment (issue 6)                     |
 * | payConfirmed    | payment_due, pay_submitted        | to_evaluate   | payment notify (issue 6)              |
 * | evaluate        | to_evaluate                       | evaluated     | order/evaluateOrder                   |
 *
 * Every other (event, state) pair is refused: the server answers 409 and changes nothing.
 */
export const CallOrderState = {
  scheduled: 'scheduled',
  dispatching: 'dispatching',
  offered: 'offered',
  assigned: 'assigned',
  inCall: 'in_call',
  paymentDue: 'payment_due',
  paySubmitted: 'pay_submitted',
  toEvaluate: 'to_evaluate',
  evaluated: 'evaluated',
  closed: 'closed',
} as const;
export type CallOrderState = (typeof CallOrderState)[keyof typeof CallOrderState];
export const callOrderStates = Object.values(CallOrderState) as CallOrderState[];

export const CallOrderEvent = {
  open: 'open',
  offer: 'offer',
  offerLapsed: 'offerLapsed',
  accept: 'accept',
  keepWaiting: 'keepWaiting',
  rematch: 'rematch',
  releaseRequested: 'releaseRequested',
  cancel: 'cancel',
  giveUp: 'giveUp',
  callStarted: 'callStarted',
  callBilled: 'callBilled',
  callFree: 'callFree',
  callUnanswered: 'callUnanswered',
  paySubmitted: 'paySubmitted',
  payFailed: 'payFailed',
  payConfirmed: 'payConfirmed',
  evaluate: 'evaluate',
} as const;
export type CallOrderEvent = (typeof CallOrderEvent)[keyof typeof CallOrderEvent];

const S = CallOrderState;

/** The one transition table: event → allowed from-states → to-state (null = stays where it is). */
export const CallOrderTransitions: Readonly<
  Record<CallOrderEvent, { from: readonly CallOrderState[]; to: CallOrderState | null }>
> = {
  open: { from: [S.scheduled], to: S.dispatching },
  offer: { from: [S.dispatching], to: S.offered },
  offerLapsed: { from: [S.offered], to: S.dispatching },
  accept: { from: [S.offered], to: S.assigned },
  keepWaiting: { from: [S.dispatching, S.offered], to: null },
  rematch: { from: [S.dispatching, S.offered], to: S.dispatching },
  releaseRequested: { from: [S.dispatching, S.offered], to: S.dispatching },
  cancel: { from: [S.scheduled, S.dispatching, S.offered, S.assigned], to: S.closed },
  giveUp: { from: [S.scheduled, S.dispatching, S.offered], to: S.closed },
  callStarted: { from: [S.assigned], to: S.inCall },
  callBilled: { from: [S.assigned, S.inCall], to: S.paymentDue },
  callFree: { from: [S.assigned, S.inCall], to: S.toEvaluate },
  callUnanswered: { from: [S.assigned, S.inCall], to: S.closed },
  paySubmitted: { from: [S.paymentDue], to: S.paySubmitted },
  payFailed: { from: [S.paySubmitted], to: S.paymentDue },
  payConfirmed: { from: [S.paymentDue, S.paySubmitted], to: S.toEvaluate },
  evaluate: { from: [S.toEvaluate], to: S.evaluated },
};

/** Both spec readings of each internal state (see the table above). */
export const CallOrderProjection: Readonly<
  Record<CallOrderState, { orderStatus: OrderStatus; callStatus: CallOrderStatus }>
> = {
  scheduled: { orderStatus: OrderStatus.newSubmitted, callStatus: CallOrderStatus.inProgress },
  dispatching: { orderStatus: OrderStatus.newSubmitted, callStatus: CallOrderStatus.inProgress },
  offered: { orderStatus: OrderStatus.newSubmitted, callStatus: CallOrderStatus.inProgress },
  assigned: { orderStatus: OrderStatus.inService, callStatus: CallOrderStatus.inProgress },
  in_call: { orderStatus: OrderStatus.inService, callStatus: CallOrderStatus.inProgress },
  payment_due: { orderStatus: OrderStatus.unpaid, callStatus: CallOrderStatus.paymentDue },
  pay_submitted: { orderStatus: OrderStatus.unpaid, callStatus: CallOrderStatus.payWaiting },
  to_evaluate: { orderStatus: OrderStatus.evaluated, callStatus: CallOrderStatus.evaluate },
  evaluated: { orderStatus: OrderStatus.finished, callStatus: CallOrderStatus.evaluate },
  closed: { orderStatus: OrderStatus.cancelled, callStatus: CallOrderStatus.closed },
};

/** The state an event leads to from `from`, or null when the table refuses it. */
export function nextCallOrderState(from: CallOrderState, event: CallOrderEvent): CallOrderState | null {
  const rule = CallOrderTransitions[event];
  if (!rule.from.includes(from)) return null;
  return rule.to ?? from;
}

export function isCallOrderState(value: string): value is CallOrderState {
  return (callOrderStates as string[]).includes(value);
}

/** States grouped by the order-list tabs. */
export const CallOrderTabStates = {
  ongoing: [S.scheduled, S.dispatching, S.offered, S.assigned, S.inCall],
  unpaid: [S.paymentDue, S.paySubmitted],
  finished: [S.toEvaluate, S.evaluated],
  cancelled: [S.closed],
} as const satisfies Record<'ongoing' | 'unpaid' | 'finished' | 'cancelled', readonly CallOrderState[]>;

/** Still looking for a lawyer (a scheduled callback is not yet: see waitingStates). */
export const dispatchingStates: readonly CallOrderState[] = [S.dispatching, S.offered];
/** No lawyer yet: a scheduled callback or still looking (the person may cancel). */
export const waitingStates: readonly CallOrderState[] = [S.scheduled, S.dispatching, S.offered];
/** Money owed: blocks a new consult. */
export const unpaidStates: readonly CallOrderState[] = [S.paymentDue, S.paySubmitted];
