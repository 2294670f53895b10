import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

import { APP_BASE } from './src/app/base.ts';
import { HOME_PRELOAD_TEMPLATE_ID, PREFETCH_TEMPLATE_ID } from './src/app/prefetch.ts';

// LAWLINE_API lets several dev servers each talk to their own API server.
const apiTarget = process.env.LAWLINE_API ?? 'http://localhost:8080';

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends compressed bytes
 * without compressing per request (@fastify/static preCompressed). Without it a phone on slow 4G
 * downloads the raw JS, about three times the gzip bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lawline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(?:js|css|html|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const data = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (data.length < 1024) continue;
        const path = join(outDir, fileName);
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
    },
  };
}

/**
 * Puts the entry's stylesheet into index.html: the first paint (the splash and the server's first
 * screen of the home page) then waits for no request but the page itself. It is a few KB; the
 * file stays in dist and in the manifest (the budgets count it there).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'lawline-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g, (tag, href: string) => {
          const asset = Object.values(bundle).find(
            (output) => output.type === 'asset' && href.endsWith(`/${output.fileName}`),
          );
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString();
          return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        });
      },
    },
  };
}

/** The page whose chunks load with the app's first screen (the usual landing page). */
const HOME_PAGE_MODULE = '/src/features/home/home-page.tsx';

type Chunk = Rolldown.OutputChunk;

/**
 * The files of `module`'s chunk and of every chunk it imports statically, with their stylesheets,
 * in import order; `skip` leaves a file (and what only it imports) out.
 */
function staticImportsOf(
  chunks: readonly Chunk[],
  module: string,
  skip: (file: string) => boolean = () => false,
) {
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
  if (!root) throw new Error(`lawline: no chunk for ${module}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName) || skip(fileName)) return;
    files.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(root.fileName);
  return [...files];
}

/**
 * Marks the chunks of the first screen (the entry and the home page's) for eager compilation:
 * V8's explicit compile hints (Chrome 136+; a comment elsewhere). Nearly all their functions run
 * while the app starts; compiled lazily, each is parsed again and compiled on the main thread at its
 * first call, while eager compilation happens on a background thread as the file streams in
 * (issue 7: total blocking time; at a 16× CPU slowdown it went from 176 to 104 ms). The hint is
 * not part of the file names' hashes: it changes no behaviour.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'lawline-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions: its preload map goes first in the entry, and V8 reads the hint
      // only before any code.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const hinted = new Set(staticImportsOf(chunks, HOME_PAGE_MODULE));
        for (const chunk of chunks) {
          if (!chunk.isEntry && !hinted.has(chunk.fileName)) continue;
          chunk.code = HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * Two sets of links the app adds itself, kept inert in `<template>`s until then (main.tsx,
 * src/app/prefetch.ts):
 * - `#ll-prefetch`: `<link rel="prefetch">` for the toast's chunk and what it imports
 *   (src/app/toast.ts, antd-mobile Toast), added once the page has loaded: the browser fetches them
 *   when idle and keeps them without running them, so a "network error" toast never needs the
 *   network, while their bytes do not compete with the first screen's on a slow link;
 * - `#ll-home-preload`: modulepreload links for the home page's chunks, added a few per task
 *   before the home page's module is asked for. Vite's loader skips files the page already links;
 *   it would otherwise add all of them in one task, a millisecond or more each on a slow phone
 *   (issue 7: total blocking time).
 */
function linkTemplates(): Plugin {
  return {
    name: 'lawline-link-templates',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const inHtml = (file: string) => html.includes(`/${file}"`);
        /** The chunk of `module` and everything it imports that index.html does not load already. */
        const filesOf = (module: string) => staticImportsOf(chunks, module, inHtml);
        const base = ctx.server ? '/' : APP_BASE;
        const prefetch = filesOf('/src/app/toast.ts')
          .map((file) => `<link rel="prefetch" href="${base}${file}">`)
          .join('');
        // Stylesheets stay with Vite's loader, which waits for them before the page renders.
        const home = filesOf(HOME_PAGE_MODULE)
          .filter((file) => file.endsWith('.js'))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
          .join('');
        return html.replace(
          '</head>',
          `    <template id="${PREFETCH_TEMPLATE_ID}">${prefetch}</template>\n` +
            `    <template id="${HOME_PRELOAD_TEMPLATE_ID}">${home}</template>\n  </head>`,
        );
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  base: APP_BASE,
  plugins: [react(), compileHints(), precompress(), inlineEntryCss(), linkTemplates()],
  resolve: {
    // antd-mobile and friends would otherwise pick up the React 18 that npm hoisted for their peer range.
    dedupe: ['react', 'react-dom'],
    // react-router's package exports only its development build (remix-run/react-router#12532,
    // #14102): builds take the production one beside it, which leaves out the dev warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve('react-router')).replace(
                /[/\\]development[/\\]index\.mjs$/,
                '/production/index.mjs',
              ),
            },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // dist/.vite/manifest.json: the bundle budgets (apps/web/test/budgets.test.ts) and `npm run bench`
    // follow the home route's imports through it.
    manifest: true,
    rollupOptions: {
      output: {
        // What the entry loads before it runs comes as one file instead of nine small ones shared
        // with lazy pages: on HTTP/1.1 and a slow link each extra file costs the phone a round trip
        // or a connection. The lazy pages import what they share from it.
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
}));
