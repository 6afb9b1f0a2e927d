import { defineConfig } from 'vitest/config';

const shared = {
  environment: 'node' as const,
  testTimeout: 90_000,
  hookTimeout: 60_000,
  // One module graph per worker (the server, playwright-core, axe): a fresh one per file cost each file seconds of
  // imports. Each file still starts its own server (own database folder, own port) and browser, so no state passes
  // between files.
  isolate: false,
};

/**
 * Whole journeys in Debian's Chromium against the built app and a real server. Run after `vite build`.
 * `e2e`: two files at a time (each has its own server and browser; on CI's two cores the browser waits on the
 * server and the other way round, so the pair overlaps). `e2e-start` runs alone afterwards: it makes dist/ stale and
 * lets `npm start` rebuild it, which would pull the client from under every other file's server.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'e2e', include: ['tests/e2e/**/*.e2e.ts'], exclude: ['tests/e2e/start.e2e.ts'], fileParallelism: true, maxWorkers: 2 } },
      { test: { ...shared, name: 'e2e-start', include: ['tests/e2e/start.e2e.ts'], fileParallelism: false } },
    ],
  },
});
