import { afterAll, beforeAll } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { startServerWithBackOffice, type ServerWithDb } from './fixtures';

export interface OwnSession {
  env: () => ServerWithDb;
  browser: () => BrowserSession;
}

/**
 * For the describe block it is called in: its own server (with the back office) and database, and its own browser,
 * started before its tests and closed after them, so a journey shares no state with any other test.
 */
export function ownServerAndBrowser(options: Parameters<typeof openBrowser>[0]): OwnSession {
  let env: ServerWithDb | undefined;
  let browser: BrowserSession | undefined;
  beforeAll(async () => {
    env = await startServerWithBackOffice();
    browser = await openBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the server and browser start before the tests');
    return value;
  };
  return { env: () => started(env), browser: () => started(browser) };
}
