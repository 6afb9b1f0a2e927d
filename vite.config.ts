import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdBuildToken } from './scripts/vite-antd-build-token.ts';
import { antdStaticStyles } from './scripts/vite-antd-static-styles.ts';
import { chunkModules } from './scripts/vite-chunk-modules.ts';
import { clientMessagesPlugin } from './scripts/vite-client-messages.ts';
import { configCheck } from './scripts/vite-config-check.ts';
import { configRelease } from './scripts/vite-config-release.ts';
import { entryChunk } from './scripts/vite-entry-chunk.ts';
import { narrowImports } from './scripts/vite-narrow-antd.ts';
import { pageTexts } from './scripts/vite-page-texts.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { stepValidators } from './scripts/vite-step-validators.ts';
import { configDir } from './server/config/config-dirs.ts';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [
    // First: a broken flow-config stops the build with the check's message (file and JSON path).
    configCheck(),
    // The release this client is built from (its config's hash), for the app and the server.
    configRelease(),
    react(),
    narrowImports(),
    antdStaticStyles(),
    antdBuildToken(),
    // The browser gets the texts it shows; the server's emails, SMS and back-office texts stay on the server.
    clientMessagesPlugin({ configDir, root: fileURLToPath(new URL('.', import.meta.url)) }),
    // Page files' texts load with their routes; the entry holds the pages' shape alone.
    pageTexts({ configDir }),
    // flow-config/ and schemas/step-data, or ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR (server/config/config-dirs.ts).
    stepValidators({ configDir }),
    entryChunk({ reactDom: 'react-dom/client', app: 'src/app/start.tsx', form: 'src/renderer/form-page.tsx' }),
    precompress(),
    chunkModules(),
    // Every page paints before any script: /login as a first visit sees it (and hydrates); /verify-otp
    // with a masked number in place of the applicant's; signed-in form pages with their form (before the
    // applicant loads), other signed-in pages as their layout around a spinner.
    prerender({
      publicRoutes: { '/login': {}, '/verify-otp': { verifyToken: '"prerender"', mobileNumber: '"••••••••••"' } },
      signedIn: { authToken: '"prerender"' },
    }),
  ],
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
    // dist/.vite/manifest.json: which chunks each module needs (prerendered pages, bundle budgets).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // antd's helper packages declare no `sideEffects`, so a module of theirs stays in the bundle once a barrel
        // names it, used or not (rc-util's focus, KeyCode, Portal...: ~4 KB gzip on every route). They run nothing
        // on import that another module relies on (no side-effect imports, no globals), so an unused one goes.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/].*\.js$/, sideEffects: false },
          { test: /\.css$/, sideEffects: true },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/dev': `http://127.0.0.1:${apiPort}` },
  },
});
