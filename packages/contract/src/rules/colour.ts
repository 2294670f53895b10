/**
 * Channel colours made readable (WCAG AA, issue 23): the theme's primary colour carries white
 * button text and is used as text on white and on the page background, so a light brand colour
 * (an orange, a green) is darkened, keeping its hue, until it reaches 4.5:1 on both. Pure: the
 * app themes itself with it, the server's first screen (home shell) paints the same colour.
 */
export const PAGE_BACKGROUND = '#f5f6f8';
const MIN_CONTRAST = 4.6;

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG contrast ratio of two #rrggbb colours (1–21); 1 when either cannot be read. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour, darkened by mixing in black a step at a time, until white on it and it on the page
 * background both reach 4.5:1. Unreadable input comes back as it is.
 */
export function readableBrandColour(hex: string): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  for (let black = 0; black <= 1; black += 0.02) {
    const mixed = rgb.map((c) => c * (1 - black)) as unknown as Rgb;
    const colour = toHex(mixed);
    if (
      contrastRatio(colour, '#ffffff') >= MIN_CONTRAST &&
      contrastRatio(colour, PAGE_BACKGROUND) >= MIN_CONTRAST
    )
      return colour;
  }
  return '#000000';
}
