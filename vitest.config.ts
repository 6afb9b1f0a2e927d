import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { pageTexts } from './scripts/vite-page-texts.ts';
import { stepValidators } from './scripts/vite-step-validators.ts';
import { configDir } from './server/config/config-dirs.ts';

/**
 * Timeouts for a busy 2-core machine (CI, or several people's test runs at once): tests that take 1-3 s idle
 * (starting a child process, a provider's HTTP round trips, the first render of a screen's chunk) take several
 * times that under load. A hung test still fails, in 30 s rather than vitest's 5.
 */
export const testTimeouts = { testTimeout: 30_000, hookTimeout: 60_000 } as const;

const domTests = ['tests/app/**/*.test.tsx', 'tests/screens/**/*.test.tsx', 'tests/renderer/**/*.test.tsx', 'tests/widgets/**/*.test.tsx'];
/** Files that need a module graph of their own: a module mocked with vi.mock, or a chunk that must not be loaded yet. */
const domTestsOnFreshModules = ['tests/renderer/step-page.test.tsx', 'tests/renderer/schema-form.test.tsx'];

export default defineConfig({
  plugins: [react(), stepValidators(), pageTexts({ configDir, whole: true })],
  // The tests read flow-config/ and schemas/ as the app does: ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR point
  // them at an edited copy (tests/config/config-edits.test.ts).
  resolve: { alias: { '@flow-config': configDir } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/config/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/security/**/*.test.ts'],
          setupFiles: ['tests/setup-node.ts'],
          // One process per worker for all its files, modules loaded once: a fresh process and module graph per
          // file (fastify, ajv, kysely, the AWS SDK, the whole server) cost more than the tests themselves.
          isolate: false,
          ...testTimeouts,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: domTests,
          exclude: [...configDefaults.exclude, ...domTestsOnFreshModules],
          setupFiles: ['tests/setup-dom.ts'],
          // As for node: one module graph per worker (the screens, antd, rjsf), which halves the project's CPU.
          // tests/setup-dom.ts empties the DOM, storage and cookies after each test.
          isolate: false,
          // A screen's first render in a run transforms its chunk on the spot: seconds on a busy 2-core machine.
          ...testTimeouts,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-fresh',
          environment: 'jsdom',
          include: domTestsOnFreshModules,
          setupFiles: ['tests/setup-dom.ts'],
          ...testTimeouts,
        },
      },
    ],
  },
});
