import { z } from 'zod';
import { PageQueryShape, pageResult, payload } from './common.ts';
import { callOrderIdField } from './orders.ts';
import { codeField, mobileField } from './user.ts';

// ---------------------------------------------------------------------------------------------
// Lawyer workbench API (issue 5): /api/v2/lawyer/*, lawyer tokens only. The person's phone number
// never appears here; the call goes through a masked number.
// ---------------------------------------------------------------------------------------------

/** lawyer/sendCode: the same neutral answer whether or not the number is a lawyer's. */
export const LawyerSendCodeSchema = payload({ mobile: mobileField });
/** lawyer/codeLogin: a seeded lawyer's phone and the SMS code. */
export const LawyerCodeLoginSchema = payload({ mobile: mobileField, code: codeField });

export const LawyerPresenceStatusSchema = z.enum(['online', 'offline', 'busy']);

export const LawyerStatsSchema = z.object({
  calls: z.number().int(),
  minutes: z.number().int(),
  /** Yuan. */
  earnings: z.number(),
});

/** lawyer/me. */
export const LawyerMeSchema = z.object({
  lawyerId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  faceUrl: z.string(),
  level: z.number().int().nullable(),
  levelName: z.string(),
  lawFirm: z.string(),
  skillFields: z.array(z.object({ code: z.number().int(), name: z.string() })),
  /** online (takes offers), offline, busy (in a call). */
  presence: LawyerPresenceStatusSchema,
  today: LawyerStatsSchema,
  total: LawyerStatsSchema,
});
export type LawyerMe = z.infer<typeof LawyerMeSchema>;

/** lawyer/codeLogin answer: the lawyer token (send it as the `token` header) and the profile. */
export const LawyerSessionSchema = z.object({ token: z.string(), lawyer: LawyerMeSchema });
export type LawyerSession = z.infer<typeof LawyerSessionSchema>;

/** lawyer/presence: go online or offline (busy is set by the server during a call). */
export const LawyerPresenceSchema = payload({
  status: z.enum(['online', 'offline'], { error: '状态只能是 online 或 offline' }),
});
export const LawyerPresenceResultSchema = z.object({ status: LawyerPresenceStatusSchema });

/** An offer waiting for this lawyer's answer (lawyer/offers). */
export const LawyerOfferSchema = z.object({
  orderId: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  /** The person's question. */
  userRemark: z.string(),
  userLocation: z.string(),
  expectTime: z.string(),
  /** '用户8000' style: never the number. */
  customerName: z.string(),
  offeredAt: z.number(),
  /** Epoch ms; the offer moves on to another lawyer then. */
  expiresAt: z.number(),
  secondsLeft: z.number().int(),
  /** The person asked for this lawyer again (order/continueConsultOrder). */
  repeatCustomer: z.boolean(),
  /** The person pressed 电话咨询 on this lawyer's profile: the order waits for this lawyer first. */
  requestedByCustomer: z.boolean(),
});
export type LawyerOffer = z.infer<typeof LawyerOfferSchema>;
export const LawyerOfferListSchema = z.array(LawyerOfferSchema);

/** lawyer/offer/accept, decline; lawyer/call/connect, hangup. */
export const LawyerOrderIdSchema = payload({ orderId: callOrderIdField });

/** The lawyer's current (accepted) call: lawyer/calls/current, and the answer of accept/connect/hangup. */
export const LawyerCallSchema = z.object({
  orderId: z.string(),
  /** assigned (to call), inCall, ended, closed. */
  stage: z.enum(['assigned', 'inCall', 'ended', 'closed']),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  userRemark: z.string(),
  userLocation: z.string(),
  expectTime: z.string(),
  customerName: z.string(),
  /** The masked number to dial (sandbox: the workbench's connect button). */
  secretNo: z.string().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** formatDuration of durationSeconds ('1分35秒'), null before the call ended. */
  durationText: z.string().nullable(),
  /** The person asked for this lawyer (电话咨询 on the profile). */
  requestedByCustomer: z.boolean(),
});
export type LawyerCall = z.infer<typeof LawyerCallSchema>;
export const LawyerCurrentCallSchema = LawyerCallSchema.nullable();

/** lawyer/orders: finished calls, paged. */
export const LawyerOrdersQuerySchema = payload({ ...PageQueryShape });
export const LawyerOrderItemSchema = z.object({
  orderId: z.string(),
  consultField: z.number().int(),
  consultFieldName: z.string(),
  userRemark: z.string(),
  customerName: z.string(),
  /** General order status and its text. */
  status: z.number().int(),
  statusText: z.string(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** formatDuration of durationSeconds ('1分35秒'). */
  durationText: z.string().nullable(),
  /** The call's value, yuan. */
  amount: z.number(),
  /** The lawyer's share, yuan. */
  earnings: z.number(),
  stars: z.number().int().nullable(),
  createdAt: z.number(),
});
export type LawyerOrderItem = z.infer<typeof LawyerOrderItemSchema>;
export const LawyerOrderPageSchema = pageResult(LawyerOrderItemSchema);
