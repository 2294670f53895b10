/** Digits only, at most 11: what a phone field keeps of what is typed or pasted. */
export const PHONE_MAX_LENGTH = 11;

export function clampPhone(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}
