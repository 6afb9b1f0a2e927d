import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noDeadline } from '../../../../server/providers/call-budget';
import { ProviderError } from '../../../../server/providers/provider-error';
import { listOutbox } from '../../../../server/providers/simulated-outbox';
import { msg91 } from '../../../../server/providers/sms/msg91';
import { clientDeps, fixturesOf, recordingPeer, repoProviderConfig, startVendorSimulator } from '../contract-harness';
import { type SmsExpect, otpSms, registeredConfig } from './sms-fixtures';
import { performance } from 'node:perf_hooks';

const fixtures = fixturesOf<SmsExpect>(join(import.meta.dirname, '../../../../server/providers/sms/msg91/fixtures'));

describe('MSG91 client, against the documented exchanges', () => {
  it.each(fixtures)('$name', async ({ fixture }) => {
    const peer = await recordingPeer(() => fixture.response);
    const client = msg91.create({ MSG91_BASE_URL: peer.base, MSG91_AUTH_KEY: fixture.request.headers?.authkey, MSG91_SENDER_ID: 'ONBORD' }, clientDeps('msg91', registeredConfig()));
    const outcome = await client.send(otpSms(), noDeadline).then(
      () => ({ sent: true as const }),
      (error: unknown) => ({ error: String((error as Error).message), retryable: (error as ProviderError).retryable }),
    );
    expect(outcome).toEqual(fixture.expect);
    const [sent] = peer.received;
    expect({ method: sent?.method, path: sent?.path, authkey: sent?.headers.authkey, type: sent?.headers['content-type'] }).toEqual({
      method: fixture.request.method,
      path: fixture.request.path,
      authkey: fixture.request.headers?.authkey,
      type: 'application/json',
    });
    expect(JSON.parse(sent?.text ?? '')).toEqual(fixture.request.body);
  });

  it('a gateway that does not answer within the request\'s budget: a retryable failure, in time', async () => {
    const peer = await recordingPeer(() => ({ status: 200, body: { type: 'success', message: 'x' }, delayMs: 2_000 }));
    const client = msg91.create({ MSG91_BASE_URL: peer.base, MSG91_AUTH_KEY: 'k', MSG91_SENDER_ID: 'ONBORD' }, clientDeps('msg91', registeredConfig()));
    const started = performance.now();
    const error = await client.send(otpSms(), performance.now() + 200).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(/^msg91: sms otp\.sms to 98\*{6}10 failed: timed out after \d+ ms$/);
    expect((error as ProviderError).retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('refuses a number that is not an Indian mobile before calling, and names no number', async () => {
    const client = msg91.create({ MSG91_BASE_URL: 'http://127.0.0.1:9', MSG91_AUTH_KEY: 'k', MSG91_SENDER_ID: 'ONBORD' }, clientDeps('msg91', registeredConfig()));
    await expect(client.send(otpSms('1234567890'), noDeadline)).rejects.toThrow('msg91: invalid sms destination: expected a 10-digit Indian mobile number');
  });
});

describe('MSG91 simulator, answering the same exchanges', () => {
  it.each(fixtures.filter(({ fixture }) => fixture.response.status !== 200 || (fixture.response.body as { type?: string }).type === 'success'))(
    '$name',
    async ({ fixture }) => {
      const simulator = await startVendorSimulator(msg91, { config: registeredConfig() });
      const answer = await fetch(`${simulator.base}${fixture.request.path}`, {
        method: fixture.request.method,
        headers: fixture.request.headers,
        body: JSON.stringify(fixture.request.body),
      });
      const body = (await answer.json()) as Record<string, unknown>;
      const documented = fixture.response.body as Record<string, unknown>;
      expect(answer.status).toBe(fixture.response.status);
      expect(Object.keys(body).sort()).toEqual(Object.keys(documented).sort());
      expect({ type: body.type, code: body.code }).toEqual({ type: documented.type, code: documented.code });
      if (documented.type === 'success') expect(body.message).toMatch(/^[0-9a-f]{24}$/);
      const delivered = await listOutbox(simulator.db, '9876543210');
      expect(delivered.map(({ channel, text, code }) => ({ channel, text, code }))).toEqual(
        documented.type === 'success' ? [{ channel: 'sms', text: 'Your Onboard OTP is 4821. It is valid for 10 minutes. Do not share it with anyone.', code: '4821' }] : [],
      );
    },
  );

  it('refuses an unknown template and a template without its variables, delivering nothing', async () => {
    const simulator = await startVendorSimulator(msg91, { config: registeredConfig() });
    const send = (body: unknown) =>
      fetch(`${simulator.base}/api/v5/flow/`, { method: 'POST', headers: { authkey: 'sim-msg91-authkey', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknown = await send({ template_id: '000000000000000000000000', recipients: [{ mobiles: '919876543210', code: '1', minutes: '1' }] });
    expect([unknown.status, ((await unknown.json()) as { type: string }).type]).toEqual([400, 'error']);
    const missing = await send({ template_id: '6808ca80d6fc054bef421352', recipients: [{ mobiles: '919876543210', code: '4821' }] });
    expect([missing.status, await missing.json()]).toEqual([400, { type: 'error', message: 'Missing value of variable minutes' }]);
    expect(await listOutbox(simulator.db, '9876543210')).toEqual([]);
  });

  it('the production client and the simulator, end to end, in Hindi too: the template ids the config leaves blank are simulated', async () => {
    const simulator = await startVendorSimulator(msg91);
    const client = msg91.create(simulator.settings, clientDeps('msg91', simulator.deps.config));
    await client.send(otpSms('9876500001', 'hi'), noDeadline);
    const [delivered] = await listOutbox(simulator.db, '9876500001');
    expect(delivered).toMatchObject({ channel: 'sms', code: '4821', text: repoProviderConfig().texts.in('hi').say('otp.sms', { code: '4821', minutes: '10' }) });
  });
});
