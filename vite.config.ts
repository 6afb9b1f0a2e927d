import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { stepValidators } from './scripts/vite-step-validators.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react(), stepValidators(), precompress()],
  resolve: {
    // Our copy is plain text: rjsf's Markdown renders through a 0.1 KB stand-in instead of markdown-to-jsx.
    alias: { 'markdown-to-jsx/react': fileURLToPath(new URL('./src/renderer/form/plain-markdown.tsx', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/dev': `http://127.0.0.1:${apiPort}` },
  },
});
