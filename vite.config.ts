import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { stepValidators } from './scripts/vite-step-validators.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react(), stepValidators(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/dev': `http://127.0.0.1:${apiPort}` },
  },
});
