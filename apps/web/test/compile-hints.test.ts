import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { homeRouteBytes, routeChunks, webDist } from './bundle-size.ts';

/**
 * V8's explicit compile hint (vite.config.ts, compileHints): the first screen's chunks are compiled
 * eagerly, off the main thread; lazily loaded pages are not (most of their code may never run).
 * Reads the production build, as the server sends it (raw, gzip and brotli).
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/** The file and its precompressed copies (files under 1 KB have none: vite.config.ts, precompress). */
const served = (file: string): Record<string, string> => {
  const path = join(webDist, file);
  const copies: Record<string, string> = { raw: readFileSync(path, 'utf8') };
  if (existsSync(`${path}.gz`)) copies.gzip = gunzipSync(readFileSync(`${path}.gz`)).toString('utf8');
  if (existsSync(`${path}.br`))
    copies.brotli = brotliDecompressSync(readFileSync(`${path}.br`)).toString('utf8');
  return copies;
};

describe('compile hints', () => {
  it('begin every JS file of the home route, before any code, in every encoding the server sends', () => {
    const { jsFiles } = homeRouteBytes();
    expect(jsFiles.length).toBeGreaterThan(1);
    expect(jsFiles.filter((file) => existsSync(join(webDist, `${file}.br`))).length).toBeGreaterThan(1);
    const missing = jsFiles.flatMap((file) =>
      Object.entries(served(file))
        .filter(([, text]) => !text.startsWith(HINT))
        .map(([encoding]) => `${file} (${encoding})`),
    );
    expect(missing).toEqual([]);
  });

  it('are not in the chunks of lazily loaded pages', () => {
    const home = new Set(homeRouteBytes().jsFiles);
    const lazy = routeChunks().filter((chunk) => !home.has(chunk.file));
    expect(lazy.length).toBeGreaterThan(10);
    const hinted = lazy.filter((chunk) => readFileSync(join(webDist, chunk.file), 'utf8').includes(HINT));
    expect(hinted.map((chunk) => chunk.file)).toEqual([]);
  });
});
