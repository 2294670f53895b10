import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the built app makes a phone download, read from dist/index.html and the Vite manifest
 * (build.manifest in vite.config.ts). Shared by the bundle budgets test and `npm run bench`.
 */

export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export const webDist = join(import.meta.dirname, '..', 'dist');
/** The module the router loads for the home route (page-modules.ts: Home). */
export const HOME_PAGE_MODULE = 'src/features/home/home-page.tsx';

export class DistMissingError extends Error {}

export function readManifest(dist = webDist): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(join(dist, 'index.html')) || !existsSync(path)) {
    throw new DistMissingError(
      `The web app is not built (no ${path}): run \`npm run build\` first (\`npm test\` does). ` +
        'The manifest comes from build.manifest in apps/web/vite.config.ts.',
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

const gzipCache = new Map<string, number>();

/** Gzip bytes of a file of dist (level 9, as a server or CDN would send it). */
export function gzipBytes(dist: string, file: string): number {
  const key = join(dist, file);
  let size = gzipCache.get(key);
  if (size === undefined) {
    size = gzipSync(readFileSync(key), { level: 9 }).length;
    gzipCache.set(key, size);
  }
  return size;
}

export function rawBytes(dist: string, file: string): number {
  return readFileSync(join(dist, file)).length;
}

/** The files a chunk pulls in before it runs: itself and its static imports, transitively, with their CSS. */
export function staticClosure(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js, css };
}

/** Script and stylesheet URLs that index.html itself names (entry, modulepreloads, CSS). */
export function htmlAssets(dist = webDist): { js: string[]; css: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const strip = (url: string) => url.replace(/^.*?\/(assets\/)/, '$1');
  const js = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map((m) => strip(m[1] as string));
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*\shref="([^"]+\.css)"/g)].map((m) =>
    strip(m[1] as string),
  );
  return { js, css };
}

export type HomeRouteBytes = {
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
  jsRaw: number;
  cssRaw: number;
  htmlRaw: number;
  htmlGzip: number;
};

/**
 * JS and CSS the home route loads before it is interactive: what index.html names, the entry's
 * static imports, and the home page chunk with its static imports. Lazy pieces the home page
 * imports dynamically (popups shown later) are not counted.
 */
export function homeRouteBytes(dist = webDist): HomeRouteBytes {
  const manifest = readManifest(dist);
  if (!manifest[HOME_PAGE_MODULE])
    throw new Error(`manifest has no ${HOME_PAGE_MODULE}: is it still the home page?`);
  const closure = staticClosure(manifest, ['index.html', HOME_PAGE_MODULE]);
  const html = htmlAssets(dist);
  for (const file of html.js) closure.js.add(file);
  for (const file of html.css) closure.css.add(file);
  const jsFiles = [...closure.js].sort();
  const cssFiles = [...closure.css].sort();
  const sum = (files: string[], f: (dist: string, file: string) => number) =>
    files.reduce((n, file) => n + f(dist, file), 0);
  return {
    jsFiles,
    cssFiles,
    jsGzip: sum(jsFiles, gzipBytes),
    cssGzip: sum(cssFiles, gzipBytes),
    jsRaw: sum(jsFiles, rawBytes),
    cssRaw: sum(cssFiles, rawBytes),
    htmlRaw: rawBytes(dist, 'index.html'),
    htmlGzip: gzipBytes(dist, 'index.html'),
  };
}

/** Every lazily loaded route or piece (dynamic entries) with the gzip bytes of its own chunk. */
export function routeChunks(dist = webDist): Array<{ src: string; file: string; gzip: number }> {
  const manifest = readManifest(dist);
  return Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
    .map((chunk) => ({ src: chunk.src ?? chunk.file, file: chunk.file, gzip: gzipBytes(dist, chunk.file) }))
    .sort((a, b) => b.gzip - a.gzip);
}
