import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load-config';
import type { TestApp } from '../helpers';
import { decide, emailsTo, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';

// The format is config's (review.decisions.complete.clientCode): 'ON' and six digits as shipped.
const format = loadConfig().flow.review.decisions.complete.clientCode!;
const codeNumber = (n: number) => `${format.prefix}${String(n).padStart(format.digits, '0')}`;

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

describe("the client ID, given by the back office's 'complete' decision", () => {
  it('is the next number of one sequence, on the user record and in the ready email; earlier decisions give none', async () => {
    const first = await reviewApplicant(t, 'user_setup');
    const second = await reviewApplicant(t, 'verified');
    expect((await userOf(t, second)).clientCode).toBeNull();
    expect((await decide(t, second.id, { action: 'setup' })).status).toBe(200);
    expect((await userOf(t, second)).clientCode).toBeNull();

    expect((await decide(t, first.id, { action: 'complete' })).status).toBe(200);
    expect((await decide(t, second.id, { action: 'complete' })).status).toBe(200);
    expect((await userOf(t, first)).clientCode).toBe(codeNumber(1));
    expect((await userOf(t, second)).clientCode).toBe(codeNumber(2));
    const [ready] = await emailsTo(t, second.email);
    expect(ready?.subject).toBe('Your Onboard account is ready');
    expect(ready?.text).toContain(`Your client ID is ${codeNumber(2)}: sign in with it to start trading.`);
  });

  it('concurrent completions never share a number', async () => {
    const applicants = await Promise.all([1, 2, 3, 4].map(() => reviewApplicant(t, 'user_setup')));
    const replies = await Promise.all(applicants.map((who) => decide(t, who.id, { action: 'complete' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    const codes = await Promise.all(applicants.map(async (who) => (await userOf(t, who)).clientCode));
    expect(new Set(codes).size).toBe(4);
    expect(codes.every((code) => new RegExp(`^${format.prefix}\\d{${format.digits}}$`).test(code ?? ''))).toBe(true);
  });
});
