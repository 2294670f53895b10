/**
 * Relative URL of a generated SVG placeholder image (served by GET /media/ph/:file), so the
 * product ships no binary images. Colours are hex without '#' (a leading '#' is dropped).
 */
export function placeholder(w: number, h: number, text: string, bg: string, fg?: string): string {
  const params = [`text=${encodeURIComponent(text)}`, `bg=${encodeURIComponent(bg.replace(/^#/, ''))}`];
  if (fg) params.push(`fg=${encodeURIComponent(fg.replace(/^#/, ''))}`);
  return `/media/ph/${w}x${h}.svg?${params.join('&')}`;
}
