import { z } from 'zod';
import { LawyerCardSchema, positiveId } from './catalogue.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';

/** One lawyer in the person's private counsel list (PrivateLawyer, PrivateInfo). */
export const PrivateCounselSchema = z.object({
  /** The record id (what privateCounsel/delete takes). */
  id: z.number().int(),
  lawyerId: z.number().int(),
  /** ISO 8601: when the lawyer was added. */
  createDate: z.string(),
  lawyer: LawyerCardSchema,
});
export type PrivateCounsel = z.infer<typeof PrivateCounselSchema>;
export const PrivateCounselPageSchema = pageResult(PrivateCounselSchema);

/** privateCounsel/page */
export const PrivateCounselPageQuerySchema = payload({ ...PageQueryShape });
/** privateCounsel/list: the whole list (at most MAX_PRIVATE_COUNSEL). */
export const PrivateCounselListQuerySchema = payload({});
/** privateCounsel/add: adding the same lawyer twice keeps one record. */
export const PrivateCounselAddSchema = payload({ lawyerId: positiveId('律师id') });
/** privateCounsel/delete: the record id. */
export const PrivateCounselDeleteSchema = payload({ id: positiveId('记录id') });

/** A person keeps at most this many private lawyers. */
export const MAX_PRIVATE_COUNSEL = 50;
