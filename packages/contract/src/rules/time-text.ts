const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Article age (spec §9): minutes, then hours under 24, then days. */
export function articleAgeText(createdAt: number | string | Date, now: number = Date.now()): string {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return '';
  const age = Math.max(0, now - created);
  if (age < MINUTE) return '刚刚';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}分钟前`;
  if (age < DAY) return `${Math.floor(age / HOUR)}小时前`;
  return `${Math.floor(age / DAY)}天前`;
}
