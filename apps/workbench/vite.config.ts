import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where the server serves the built workbench (apps/server/src/http/workbench-app.ts). */
const BASE = '/workbench/';
// LAWLINE_API lets several dev servers each talk to their own API server.
const apiTarget = process.env.LAWLINE_API ?? 'http://localhost:8080';

/** Writes .br and .gz beside every text asset, for @fastify/static's preCompressed (as apps/web does). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lawline-workbench-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(?:js|css|html|svg|json)$/.test(fileName)) continue;
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
  base: BASE,
  plugins: [react(), precompress()],
  resolve: {
    // npm hoists React 18 to the root for antd-mobile's peer range; this app runs on its own React 19.
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
  },
});
