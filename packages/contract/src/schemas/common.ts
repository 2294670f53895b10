import { z } from 'zod';

/** Every request carries these (body for POST/PUT, query for GET/DELETE; spec §3, §7). */
export const commonParamsShape = {
  channel: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/, '渠道标识格式不正确')
    .optional(),
  channelCode: z.string().trim().max(64).optional(),
  usertype: z.union([z.literal('3'), z.literal(3), z.literal('2'), z.literal(2)]).optional(),
};
export const CommonParamsSchema = z.object(commonParamsShape);
export type CommonParams = z.infer<typeof CommonParamsSchema>;

/** A request payload: the common params plus the call's own fields; anything else is refused. */
export function payload<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ ...commonParamsShape, ...shape });
}

/** The wire envelope of every answer. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.union([z.number(), z.string()]), msg: z.string(), data });
}
export const ErrorEnvelopeSchema = z.object({
  code: z.union([z.number(), z.string()]),
  msg: z.string(),
  data: z.null(),
});
export type Envelope<T> = { code: number | string; msg: string; data: T };

/** Query numbers arrive as strings. */
export const pageField = z.coerce.number().int('页码必须是整数').min(1, '页码从1开始').max(10_000).default(1);
export const limitField = z.coerce.number().int().min(1).max(50, '每页最多50条').default(10);

export const PageQueryShape = { page: pageField, limit: limitField };

export function pageResult<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  });
}
export type PageResult<T> = { list: T[]; total: number; page: number; limit: number; hasMore: boolean };

export const idParam = z.coerce.number().int().positive('id 必须是正整数').max(2_147_483_647, 'id 过大');
