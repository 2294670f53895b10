const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * A date as Chinese documents print it: 2026年11月25日. Takes 'yyyy-mm-dd' (a calendar date) or
 * epoch milliseconds (read in Beijing time); anything else comes back unchanged.
 */
export function chineseDate(value: string | number): string {
  if (typeof value === 'number') {
    const d = new Date(value + BEIJING_OFFSET_MS);
    return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
  }
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!m) return value;
  return `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日`;
}
