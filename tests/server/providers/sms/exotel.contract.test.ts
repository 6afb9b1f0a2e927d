import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProviderError } from '../../../../server/providers/provider-error';
import { listOutbox } from '../../../../server/providers/simulated-outbox';
import { exotel } from '../../../../server/providers/sms/exotel';
import { clientDeps, fixturesOf, recordingPeer, repoProviderConfig, startVendorSimulator } from '../contract-harness';
import { type SmsExpect, otpSms, registeredConfig } from './sms-fixtures';
import { noDeadline } from '../../../../server/providers/call-budget';

const fixtures = fixturesOf<SmsExpect>(join(import.meta.dirname, '../../../../server/providers/sms/exotel/fixtures'));

const settingsFrom = (base: string, authorization = '') => {
  const [key, token] = Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString().split(':');
  return { EXOTEL_BASE_URL: base, EXOTEL_API_KEY: key, EXOTEL_API_TOKEN: token, EXOTEL_ACCOUNT_SID: 'onboardsim1', EXOTEL_SENDER_ID: 'ONBORD', EXOTEL_DLT_ENTITY_ID: '1101000000000000001' };
};

describe('Exotel client, against the documented exchanges', () => {
  it.each(fixtures)('$name', async ({ fixture }) => {
    const peer = await recordingPeer(() => fixture.response);
    const client = exotel.create(settingsFrom(peer.base, fixture.request.headers?.authorization), clientDeps('exotel', registeredConfig()));
    const outcome = await client.send(otpSms(), noDeadline).then(
      () => ({ sent: true as const }),
      (error: unknown) => ({ error: (error as Error).message, retryable: (error as ProviderError).retryable }),
    );
    expect(outcome).toEqual(fixture.expect);
    const [sent] = peer.received;
    expect({ method: sent?.method, path: sent?.path, authorization: sent?.headers.authorization, type: sent?.headers['content-type'] }).toEqual({
      method: fixture.request.method,
      path: fixture.request.path,
      authorization: fixture.request.headers?.authorization,
      type: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(sent?.text))).toEqual(fixture.request.form);
  });

  it('a Hindi text goes as unicode', async () => {
    const peer = await recordingPeer(() => ({ status: 200, body: { SMSMessage: { Sid: 'a1', Status: 'queued' } } }));
    const client = exotel.create(settingsFrom(peer.base, 'Basic a2V5OnRva2Vu'), clientDeps('exotel', registeredConfig()));
    await client.send(otpSms('9876543210', 'hi'), noDeadline);
    expect(new URLSearchParams(peer.received[0]?.text).get('EncodingType')).toBe('unicode');
  });
});

describe('Exotel simulator, answering the same exchanges', () => {
  it.each(fixtures.filter(({ fixture }) => fixture.response.status !== 429))('$name', async ({ fixture }) => {
    const simulator = await startVendorSimulator(exotel, { config: registeredConfig() });
    const answer = await fetch(`${simulator.base}${fixture.request.path}`, {
      method: fixture.request.method,
      headers: fixture.request.headers,
      body: new URLSearchParams(fixture.request.form).toString(),
    });
    const body = (await answer.json()) as Record<string, Record<string, unknown>>;
    const documented = fixture.response.body as Record<string, Record<string, unknown>>;
    expect(answer.status).toBe(fixture.response.status);
    if (documented.RestException) expect(body).toEqual(documented);
    else {
      expect(Object.keys(body.SMSMessage ?? {}).sort()).toEqual(Object.keys(documented.SMSMessage ?? {}).sort());
      expect(body.SMSMessage).toMatchObject({ Status: 'queued', DetailedStatusCode: 21010, To: '+919876543210', Sid: expect.stringMatching(/^[0-9a-f]{32}$/) });
    }
    const delivered = await listOutbox(simulator.db, '9876543210');
    expect(delivered.map(({ code }) => code)).toEqual(documented.RestException ? [] : ['4821']);
  });

  it('scrubs like the DLT network: a text that is not its template is accepted, then fails and never reaches the phone', async () => {
    const simulator = await startVendorSimulator(exotel, { config: registeredConfig() });
    const client = exotel.create(simulator.settings, clientDeps('exotel', registeredConfig()));
    const message = { ...otpSms('9876500002'), text: 'Your OTP is 4821, hurry!' };
    await client.send(message, noDeadline);
    expect(await listOutbox(simulator.db, '9876500002')).toEqual([]);
    const [stored] = await simulator.deps.store.list<{ Sid: string }>('sms');
    const details = await fetch(`${simulator.base}/v1/Accounts/onboardsim1/SMS/Messages/${stored?.id}.json`, { headers: { authorization: `Basic ${Buffer.from('sim-exotel-key:sim-exotel-token').toString('base64')}` } });
    expect(((await details.json()) as { SMSMessage: unknown }).SMSMessage).toMatchObject({ Status: 'failed', DetailedStatus: 'FAILED_DLT_TEMPLATE', DetailedStatusCode: 23082 });
  });

  it('the production client and the simulator, end to end, in Hindi: delivered with its code', async () => {
    const simulator = await startVendorSimulator(exotel);
    const client = exotel.create(simulator.settings, clientDeps('exotel', simulator.deps.config));
    await client.send(otpSms('9876500003', 'hi'), noDeadline);
    const [delivered] = await listOutbox(simulator.db, '9876500003');
    expect(delivered).toMatchObject({ channel: 'sms', code: '4821', text: repoProviderConfig().texts.in('hi').say('otp.sms', { code: '4821', minutes: '10' }) });
  });
});
