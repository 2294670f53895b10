import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { parseFont } from './fontkit-adapter.ts';

/**
 * Noto Sans SC (SIL Open Font License 1.1), as static TrueType files from the
 * `@expo-google-fonts/noto-sans-sc` package: about 30,900 characters (GB 18030 common
 * ideographs, CJK Ext. A, Latin, full-width punctuation), glyf outlines that subset cleanly.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

export type CjkFonts = { regular: Uint8Array; bold: Uint8Array };

let cache: Promise<CjkFonts> | null = null;

/** The font bytes, read once per process (about 10 MB each). */
export function loadCjkFonts(): Promise<CjkFonts> {
  if (!cache) {
    const require = createRequire(import.meta.url);
    cache = Promise.all([readFile(require.resolve(FILES.regular)), readFile(require.resolve(FILES.bold))])
      .then(([regular, bold]): CjkFonts => ({ regular, bold }))
      .catch((error: unknown) => {
        cache = null; // let a later call try again
        throw error;
      });
  }
  return cache;
}

/** What stands in for a character the font lacks: the geta mark typesetters use for a missing glyph. */
export const MISSING_GLYPH = '〓';

async function coverageFont(): Promise<Font> {
  return parseFont((await loadCjkFonts()).regular);
}

/** Marks that draw nothing on paper: zero-width spaces and joiners, BOM, variation selectors. */
function invisible(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) ||
    cp === 0x2060 ||
    cp === 0xfeff ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/** Newlines as \n; tabs and odd spaces become plain ones; control characters and invisible marks go. */
export function normaliseText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += '  ';
    else if (cp === 0xa0 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f) out += ' ';
    else if (cp < 0x20 || cp === 0x7f || invisible(cp)) continue;
    else out += ch;
  }
  return out;
}

/**
 * The distinct characters of `text` the embedded font cannot draw (emoji, rare ideographs
 * beyond Ext. A), so a form or the lawyer's editor can say which ones before the PDF is made.
 */
export async function findUnrenderable(text: string): Promise<string[]> {
  const font = await coverageFont();
  const missing = new Set<string>();
  for (const ch of normaliseText(text)) {
    if (ch === '\n') continue;
    const cp = ch.codePointAt(0) ?? 0;
    if (!font.hasGlyphForCodePoint(cp)) missing.add(ch);
  }
  return [...missing];
}

/** Replaces what the font cannot draw by MISSING_GLYPH (never an empty box from the viewer). */
export async function toDrawable(text: string): Promise<string> {
  const font = await coverageFont();
  let out = '';
  for (const ch of normaliseText(text)) {
    out += ch === '\n' || font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0) ? ch : MISSING_GLYPH;
  }
  return out;
}
