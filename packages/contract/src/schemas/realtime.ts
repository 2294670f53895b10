import { z } from 'zod';

/**
 * The websocket /api/websocket/{userId}?token=… (spec §4, §7, §8). Every message is
 * `{code, data}`; this one map from code to payload schema is shared by server and client.
 */
export const RealtimeCode = {
  /** The notification count changed. */
  unreadCount: '101',
  /** A lawyer took the order: show who. */
  orderLawyer: '102',
  /** The call is over: go to payment. */
  orderOver: '103',
  /** To a lawyer (workbench): a new offer to accept or decline before expiresAt. */
  lawyerOffer: '104',
  /** To a lawyer: an offer is no longer open (taken by another lawyer, expired, cancelled). */
  lawyerOfferClosed: '105',
} as const;
export type RealtimeCode = (typeof RealtimeCode)[keyof typeof RealtimeCode];

export const RealtimePayloadSchemas = {
  '101': z.object({ unreadCount: z.number().int().min(0) }),
  '102': z.object({
    orderId: z.string(),
    lawyer: z.object({
      name: z.string(),
      faceUrl: z.string(),
      level: z.number().int().nullable(),
    }),
  }),
  '103': z.object({ orderId: z.string() }),
  '104': z.object({ orderId: z.string(), expiresAt: z.number() }),
  '105': z.object({
    orderId: z.string(),
    reason: z.enum(['accepted', 'taken', 'expired', 'declined', 'cancelled']),
  }),
} as const satisfies Record<RealtimeCode, z.ZodType>;

export type RealtimePayload<C extends RealtimeCode> = z.infer<(typeof RealtimePayloadSchemas)[C]>;

export const RealtimeEventSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('101'), data: RealtimePayloadSchemas['101'] }),
  z.object({ code: z.literal('102'), data: RealtimePayloadSchemas['102'] }),
  z.object({ code: z.literal('103'), data: RealtimePayloadSchemas['103'] }),
  z.object({ code: z.literal('104'), data: RealtimePayloadSchemas['104'] }),
  z.object({ code: z.literal('105'), data: RealtimePayloadSchemas['105'] }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;

/** Heartbeat: the client sends ping every 10 s, the server answers pong. */
export const HeartbeatPing = { code: 'ping' } as const;
export const HeartbeatPong = { code: 'pong' } as const;
export const ClientMessageSchema = z.object({ code: z.literal('ping') });

/** Close codes the server uses (4000–4999 are the application's). */
export const RealtimeCloseCode = {
  /** Token missing, invalid, expired, or not the path's user. */
  unauthorized: 4401,
  /** Nothing heard from the client for too long. */
  idle: 4408,
  /** The account was closed or logged out everywhere. */
  sessionEnded: 4403,
} as const;

/** Parses a server message; anything that is not a known event gives null (and is ignored). */
export function parseRealtimeEvent(raw: string): RealtimeEvent | null {
  try {
    const parsed = RealtimeEventSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
