/**
 * The lawyer's forms checked before sending, with the limits and words of the contract's
 * LawyerServiceStepSchema (importing the schema would bring zod into the workbench bundle). The
 * server checks again; its message is shown the same way.
 */
export function checkText(label: string, value: string, min: number, max: number): string | null {
  const text = value.trim();
  if (text.length < min) return min > 1 ? `请填写${label}（至少${min}个字）` : `请填写${label}`;
  if (text.length > max) return `${label}最多${max}个字`;
  return null;
}

export const Limits = {
  place: { min: 5, max: 120 },
  faceNote: { max: 200 },
  heldNote: { max: 500 },
  letter: { min: 50, max: 10_000 },
  quoteNote: { min: 5, max: 500 },
  quoteMax: 10_000_000,
  progressNote: { min: 2, max: 500 },
  progressFiles: 10,
  closeNote: { min: 2, max: 500 },
  releaseReason: { min: 2, max: 200 },
} as const;

/** A fee in yuan with at most two decimals, at least `min`: the number, or the problem in words. */
export function checkFee(raw: string, min: number): { fee: number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: '请填写报价金额（元）' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: '报价金额请填写数字，最多两位小数' };
  const fee = Number(text);
  if (fee <= 0) return { error: '请填写报价金额（元）' };
  if (fee > Limits.quoteMax) return { error: '报价金额过大' };
  if (fee < min) return { error: `报价不能低于用户已付的订金 ¥${min.toFixed(2)}` };
  return { fee };
}
