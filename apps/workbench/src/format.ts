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
