import { EventEmitter } from 'node:events';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** Parsed fonts, keyed by the (cached, never mutated) font bytes: parsing once saves work per document. */
const parsed = new WeakMap<Uint8Array, fontkit.Font>();

/** Parses once per byte array; the font comes back with the subset shape pdf-lib expects. */
export function parseFont(bytes: Uint8Array): fontkit.Font {
  const hit = parsed.get(bytes);
  if (hit) return hit;
  const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if ('fonts' in font) throw new Error('font collections (.ttc) are not supported; give a single font');
  // pdf-lib's subset embedder reads the subset through a Node-style stream (`encodeStream`), which
  // upstream fontkit 2 replaced by a synchronous `encode()`; give it the old shape.
  const createSubset = font.createSubset.bind(font);
  Object.assign(font, {
    createSubset() {
      const subset = createSubset();
      return Object.assign(subset, {
        encodeStream() {
          const stream = new EventEmitter();
          setImmediate(() => {
            try {
              stream.emit('data', subset.encode());
              stream.emit('end');
            } catch (error) {
              stream.emit('error', error);
            }
          });
          return stream;
        },
      });
    },
  });
  parsed.set(bytes, font);
  return font;
}

/**
 * Upstream fontkit (foliojs, maintained) registered with pdf-lib in place of `@pdf-lib/fontkit`,
 * whose 2020 fork writes broken CJK subsets (short `loca` offsets without padding: glyphs vanish).
 * pdf-lib only calls `create(bytes)` and the Font / Subset API that upstream keeps.
 */
export const pdfLibFontkit = {
  create: (bytes: Uint8Array) => parseFont(bytes),
} as unknown as PdfLibFontkit;
