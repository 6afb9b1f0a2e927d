import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { stepValidators } from './scripts/vite-step-validators.ts';

const apiPort = process.env.API_PORT ?? '3001';
// Another flow-config/ and schemas/step-data to build with (tests of config edits); the repository's by default.
const configDir = resolve(process.env.ONBOARD_CONFIG_DIR ?? fileURLToPath(new URL('./flow-config', import.meta.url)));
const stepSchemasDir = process.env.ONBOARD_STEP_SCHEMAS_DIR;

export default defineConfig({
  plugins: [react(), stepValidators(stepSchemasDir ? { dir: stepSchemasDir } : {}), precompress()],
  resolve: {
    // Our copy is plain text: rjsf's Markdown renders through a 0.1 KB stand-in instead of markdown-to-jsx.
    alias: {
      '@flow-config': configDir,
      'markdown-to-jsx/react': fileURLToPath(new URL('./src/renderer/form/plain-markdown.tsx', import.meta.url)),
    },
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
