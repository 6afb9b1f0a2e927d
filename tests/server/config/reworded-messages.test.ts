import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfigDir } from '../../../server/config/load-config';
import { type TestApp, auth, outbox, post, startTestApp } from '../helpers';
import { applicantAtPan, expectError, send } from '../step-fixtures';

/** Compliance rewords a server refusal and an email by editing flow-config/messages.json alone. */
const reworded = {
  notInKra: 'We could not find this PAN with the KYC registration agency',
  emailText: 'Onboard: {code} is your email verification code, valid for {minutes} minutes. Never share it.',
};

function rewordedConfig(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'onboard-messages-')), 'flow-config');
  cpSync(defaultConfigDir, dir, { recursive: true });
  const file = join(dir, 'messages.json');
  const messages = JSON.parse(readFileSync(file, 'utf8')) as { pan: Record<string, string>; otp: Record<string, string> };
  messages.pan.notInKra = reworded.notInKra;
  messages.otp.emailText = reworded.emailText;
  writeFileSync(file, JSON.stringify(messages, null, 2));
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ configDir: rewordedConfig() });
});
afterAll(() => t.close());

describe('texts reworded in messages.json', () => {
  it('a PAN the KRA does not know is refused in the new words, with its code', async () => {
    const who = await applicantAtPan(t);
    const response = await send(t, who, '/api/user/pan-number', { pan: 'ABCPE0000F', dateOfBirth: '15/08/1990' });
    expectError(response, 400, reworded.notInKra);
    expect(response.body).toMatchObject({ code: 'pan.notInKra', errorMessage: reworded.notInKra });
  });

  it('the email verification code goes out in the new words', async () => {
    const who = await applicantAtPan(t);
    const email = `reworded-${who.phone}@example.com`;
    expect((await post(t.app, '/api/user/add-email', { email }, auth(who.token))).statusCode).toBe(200);
    const [sent] = await outbox(t.app, email);
    expect(sent).toMatchObject({ channel: 'email', to: email });
    expect(sent?.text).toBe(`Onboard: ${sent?.code} is your email verification code, valid for 10 minutes. Never share it.`);
  });
});
