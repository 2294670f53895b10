import { consultFieldName, formatDuration } from '@lawline/contract';

/** Display helpers (all text in Simplified Chinese). */

const pad = (n: number) => String(n).padStart(2, '0');

/** 65 → 01:05; 3725 → 1:02:05. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** A call's duration in the product's one format (the contract's): 95 → 1分35秒; 40 → 40秒; null → —. */
export function durationText(seconds: number | null): string {
  return seconds === null ? '—' : formatDuration(seconds);
}

/** A consult field's one display name, from the contract (never a table of our own). */
export function fieldText(code: number): string {
  return consultFieldName(code) ?? '综合咨询';
}

/** 12.5 → ¥12.50 */
export function yuanText(yuan: number): string {
  return `¥${yuan.toFixed(2)}`;
}

/** Epoch ms → 11-21 14:05 (Beijing time, as the product works in it). */
export function timeText(ms: number | null): string {
  if (ms === null) return '—';
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** Epoch ms → 2026-11-26 周四 10:00 (Beijing time): a meeting, a deadline the lawyer must keep. */
export function dateTimeText(ms: number | null): string {
  if (ms === null) return '—';
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const week = '日一二三四五六'[d.getUTCDay()];
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 周${week} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * The value of an <input type="datetime-local"> (2026-11-26T10:00) read as Beijing time, whatever
 * the device's zone: epoch ms, or null when it is not a full date and time.
 */
export function beijingInputToMs(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) - BEIJING_OFFSET_MS;
}

/** Epoch ms → the datetime-local value of that instant in Beijing time. */
export function msToBeijingInput(ms: number): string {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 1536 → 1.5 KB; 2_400_000 → 2.3 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
