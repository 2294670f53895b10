const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** One group of four digits (0–9999) in financial numerals, with inner zeros as 零. */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    out += (DIGITS[d] ?? '') + (SMALL_UNITS[i] ?? '');
    zero = false;
  }
  return out;
}

/** An amount of yuan in the capital numerals contracts use (大写金额): 8000 → 捌仟元整, 30500.5 → 叁万零伍佰元伍角. */
export function yuanInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0 || amount >= 1e16) throw new RangeError(`bad amount ${amount}`);
  const fen = Math.round(amount * 100);
  let yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let integer = '';
  if (yuan === 0) integer = '零';
  let unit = 0;
  let needZero = false;
  while (yuan > 0) {
    const part = yuan % 10_000;
    if (part > 0) {
      const words = group(part) + (BIG_UNITS[unit] ?? '');
      integer = words + (needZero ? '零' : '') + integer;
      needZero = part < 1000;
    } else {
      needZero = integer !== '';
    }
    yuan = Math.floor(yuan / 10_000);
    unit++;
  }
  // A leading 零 from the lowest group belongs between groups only.
  integer = integer.replace(/^零(?=.)/, '');
  let out = `${integer}元`;
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (integer !== '零') out += '零';
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out.replace(/^零元零?/, '');
}

/** 8000 → "8,000"; 8000.5 → "8,000.50". */
export function formatYuan(amount: number): string {
  const fixed = Number.isInteger(amount) ? amount.toFixed(0) : amount.toFixed(2);
  const [int = '0', dec] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec ? `${grouped}.${dec}` : grouped;
}
