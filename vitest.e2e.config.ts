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
    // One module graph for every file (the server, playwright-core, axe): a fresh one per file cost each file seconds
    // of imports. Each file still starts its own server and browser, so no state passes between files.
    isolate: false,
  },
});
