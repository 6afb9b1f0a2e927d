import { defineConfig } from 'vitest/config';

/** Whole journeys in Debian's Chromium against the built app and a real server. Run after `vite build`. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
