import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { razorpayIfsc } from '../../../../server/providers/ifsc/razorpay';
import type { ProviderError } from '../../../../server/providers/provider-error';
import { clientDeps, fixturesOf, recordingPeer, startVendorSimulator } from '../contract-harness';
import { noDeadline } from '../../../../server/providers/call-budget';

const fixtures = fixturesOf<Record<string, unknown>>(join(import.meta.dirname, '../../../../server/providers/ifsc/razorpay/fixtures'));
const fixture = (name: string) => fixtures.find((one) => one.name === name)?.fixture;

describe('Razorpay IFSC client, against the documented exchanges', () => {
  it.each(fixtures)('$name', async ({ fixture: one }) => {
    const peer = await recordingPeer(() => one.response);
    const client = razorpayIfsc.create({ RAZORPAY_IFSC_BASE_URL: peer.base }, clientDeps('razorpay'));
    const outcome = await client.lookup(one.request.path.slice(1), noDeadline).catch((error: unknown) => ({ error: (error as Error).message, retryable: (error as ProviderError).retryable }));
    expect(outcome).toEqual(one.expect);
    expect(peer.received.map(({ method, path }) => ({ method, path }))).toEqual([{ method: one.request.method, path: one.request.path }]);
  });

  it('caches answers (found a day, not found an hour, failures never) and asks again after', async () => {
    const answers: Record<string, { status: number; body: unknown }> = {
      '/HDFC0CAGSBK': fixture('lookup-found')?.response ?? { status: 500, body: {} },
      '/HDFC0999998': { status: 404, body: '"Not Found"' },
    };
    const peer = await recordingPeer(({ path }) => answers[path] ?? { status: 500, body: {} });
    let now = 0;
    const client = razorpayIfsc.create({ RAZORPAY_IFSC_BASE_URL: peer.base }, { ...clientDeps('razorpay'), clock: () => now });
    for (const code of ['HDFC0CAGSBK', 'HDFC0CAGSBK', 'HDFC0999998', 'HDFC0999998']) await client.lookup(code, noDeadline);
    await client.lookup('SBIN0000500', noDeadline).catch(() => undefined);
    await client.lookup('SBIN0000500', noDeadline).catch(() => undefined);
    expect(peer.received.map(({ path }) => path)).toEqual(['/HDFC0CAGSBK', '/HDFC0999998', '/SBIN0000500', '/SBIN0000500']);
    now = 3_600_000;
    await client.lookup('HDFC0CAGSBK', noDeadline);
    await client.lookup('HDFC0999998', noDeadline);
    expect(peer.received.map(({ path }) => path).slice(4)).toEqual(['/HDFC0999998']);
  });

  it('a malformed code is not found without a call', async () => {
    const peer = await recordingPeer(() => ({ status: 500, body: {} }));
    const client = razorpayIfsc.create({ RAZORPAY_IFSC_BASE_URL: peer.base }, clientDeps('razorpay'));
    expect(await client.lookup('../etc/passwd', noDeadline)).toEqual({ kind: 'not_found' });
    expect(peer.received).toEqual([]);
  });
});

describe('Razorpay IFSC simulator, from the shipped branch data', () => {
  it('answers a documented branch with the documented keys the shipped data holds, and its values', async () => {
    const simulator = await startVendorSimulator(razorpayIfsc);
    const documented = fixture('lookup-found')?.response.body as Record<string, unknown>;
    const answer = await fetch(`${simulator.base}/HDFC0CAGSBK`);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status).toBe(200);
    for (const key of Object.keys(body)) expect(Object.keys(documented)).toContain(key);
    for (const key of ['IFSC', 'BANK', 'BANKCODE', 'BRANCH', 'ADDRESS', 'STATE', 'MICR', 'IMPS']) expect({ [key]: body[key] }).toEqual({ [key]: documented[key] });
  });

  it('writes the dataset\'s NA and nulls where the branch has no value, as documented', async () => {
    const simulator = await startVendorSimulator(razorpayIfsc);
    const documented = fixture('lookup-na-values')?.response.body as Record<string, unknown>;
    const body = (await (await fetch(`${simulator.base}/ALLA0888888`)).json()) as Record<string, unknown>;
    for (const key of ['ADDRESS', 'DISTRICT', 'CONTACT', 'MICR', 'CITY', 'STATE', 'BRANCH']) expect({ [key]: body[key] }).toEqual({ [key]: documented[key] });
  });

  it('an unknown code: 404 "Not Found"; the production client reads it as not found', async () => {
    const simulator = await startVendorSimulator(razorpayIfsc);
    const answer = await fetch(`${simulator.base}/HDFC0999998`);
    expect([answer.status, await answer.text()]).toEqual([404, '"Not Found"']);
    const client = razorpayIfsc.create(simulator.settings, clientDeps('razorpay'));
    expect(await client.lookup('HDFC0999998', noDeadline)).toEqual({ kind: 'not_found' });
    expect(await client.lookup('ALLA0888888', noDeadline)).toMatchObject({ kind: 'found', branch: { bankCode: 'ALLA', address: '', contact: '' } });
  });
});
