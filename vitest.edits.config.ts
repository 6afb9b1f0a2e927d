import { defineConfig } from 'vitest/config';

/**
 * The config edits of compliance and product, each applied to a copy of flow-config/ and schemas/, with the node
 * tests run on the result (`npm run test:config-edits`, after the unit tests in `npm test`). Minutes: one vitest
 * child runs tests/engine, tests/server and tests/config on the edited copy.
 */
export default defineConfig({
  test: {
    name: 'config-edits',
    environment: 'node',
    include: ['tests/edits/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30 * 60_000,
  },
});
