import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { APP_BASE } from './src/app/base.ts';

const apiTarget = 'http://localhost:8080';

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

export default defineConfig({
  base: APP_BASE,
  plugins: [react(), precompress()],
  resolve: {
    // antd-mobile and friends would otherwise pick up the React 18 that npm hoisted for their peer range.
    dedupe: ['react', 'react-dom'],
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
  },
});
