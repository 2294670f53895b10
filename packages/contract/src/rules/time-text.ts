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

/**
 * A duration in the one format of the product, 'x分y秒' (issue 23): under a minute only seconds
 * ('40秒'); from a minute on, minutes and seconds, the seconds always written ('1分35秒', '2分0秒',
 * '62分5秒' — no hours: calls are minutes long). Fractions are cut; negative or not a number → '0秒'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  if (total < 60) return `${total}秒`;
  return `${Math.floor(total / 60)}分${total % 60}秒`;
}
