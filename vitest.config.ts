import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { stepValidators } from './scripts/vite-step-validators.ts';

export default defineConfig({
  plugins: [react(), stepValidators()],
  resolve: { alias: { '@flow-config': fileURLToPath(new URL('./flow-config', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/config/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/security/**/*.test.ts'],
          // Under test:postgres a test that starts an app of its own creates and migrates a fresh database: seconds on
          // a busy 2-core machine, past the default 5 s.
          ...(process.env.ONBOARD_TEST_POSTGRES_URL ? { testTimeout: 30_000 } : {}),
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.tsx', 'tests/screens/**/*.test.tsx', 'tests/renderer/**/*.test.tsx', 'tests/widgets/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          // A screen's first render in a run transforms its chunk on the spot: seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
