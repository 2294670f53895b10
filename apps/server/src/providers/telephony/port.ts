import { z } from 'zod';

/** A masked-number binding: A (the consumer) and B (the lawyer) both dial or see only X. */
export type AxbBinding = { subsId: string; secretNo: string };

export type BindAxbInput = {
  /** Our order id (sent as OutId; it comes back on the call records). */
  orderId: string;
  /** The consumer's real number. */
  phoneA: string;
  /** The lawyer's real number. */
  phoneB: string;
  expirationSeconds: number;
};

/** Privacy-number calls (Aliyun Dyplsapi AXB or a sandbox). */
export interface TelephonyProvider {
  readonly name: string;
  readonly isSandbox: boolean;
  bindAxb(input: BindAxbInput): Promise<AxbBinding>;
  unbind(binding: AxbBinding): Promise<void>;
}

/**
 * One pushed call event (Aliyun SecretReport, and the call-status push which carries no
 * release_time). Times are Beijing time without a zone: 'yyyy-MM-dd HH:mm:ss'. start_time is
 * when the call was answered, release_time when it ended; equal times mean not connected.
 * Unknown fields are kept (raw) and ignored.
 */
export const SecretReportSchema = z.looseObject({
  call_id: z.union([z.string(), z.number()]).transform(String),
  sub_id: z.union([z.string(), z.number()]).transform(String).optional(),
  out_id: z.string().optional(),
  secret_no: z.string().optional(),
  call_time: z.string().optional(),
  start_time: z.string().optional(),
  release_time: z.string().optional(),
  release_cause: z.union([z.string(), z.number()]).optional(),
});
export type SecretReport = z.infer<typeof SecretReportSchema>;

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** 'yyyy-MM-dd HH:mm:ss' (Beijing, no zone) → epoch ms; null when absent or unreadable. */
export function parseBeijingTime(text: string | undefined): number | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS;
  return Number.isFinite(ms) ? ms : null;
}

/** Epoch ms → 'yyyy-MM-dd HH:mm:ss' Beijing time (seconds truncated). */
export function formatBeijingTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
