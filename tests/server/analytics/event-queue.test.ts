import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventQueue } from '../../../src/api/event-queue';
import { createDatabase } from '../../../server/db/database';
import { type TestApp, signIn, startTestApp } from '../helpers';

/** The browser's event queue (src/api/event-queue.ts) against a real server: batched, cleaned, counted for the applicant. */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function stored() {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await db.selectFrom('analytics_events').select(['type', 'route', 'message', 'outcome', 'subject']).where('type', 'in', ['page_view', 'form_error', 'bank_outcome']).execute();
  } finally {
    await db.destroy();
  }
}

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('createEventQueue', () => {
  it('sends what it is given in one batch, with the session token; drops a message that could hold personal data', async () => {
    const { token } = await signIn(t);
    const queue = createEventQueue({ baseURL: `${url}/api`, getToken: () => token, flushMs: 20 });
    queue.add({ type: 'page_view', route: '/verify-pan' });
    queue.add({ type: 'form_error', route: '/verify-pan', message: `  ${'PAN card verification failed!'}  ` });
    queue.add({ type: 'form_error', route: '/verify-pan', message: 'No record for ABCDE1234F' });
    queue.add({ type: 'bank_outcome', route: '/link-bank-account', method: 'upi', outcome: 'failure', message: 'Paid from 9876543210' });
    queue.add({ type: 'form_error', route: '/add-email', message: 'x'.repeat(300) });
    await until(async () => (await stored()).length === 4);
    const rows = await stored();
    expect(rows).toHaveLength(4);
    expect(rows.map(({ subject: _subject, ...row }) => row)).toEqual(expect.arrayContaining([
      { type: 'form_error', route: '/verify-pan', message: 'PAN card verification failed!', outcome: null },
      { type: 'form_error', route: '/add-email', message: 'x'.repeat(200), outcome: null },
      { type: 'page_view', route: '/verify-pan', message: null, outcome: null },
      { type: 'bank_outcome', route: '/link-bank-account', message: null, outcome: 'upi:failure' },
    ]));
    expect(new Set(rows.map((row) => row.subject)).size).toBe(1);
    expect(rows[0]?.subject).toMatch(/^[0-9a-f]{32}$/);
  });
});
