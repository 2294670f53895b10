import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { APP_BASE } from './src/app/base.ts';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  base: APP_BASE,
  plugins: [react()],
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
  },
});
