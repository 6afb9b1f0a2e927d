import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentsResponse } from '../../../src/api/data-rights';
import { tempConfigDir } from '../../fixtures/flow-config';
import { type TestApp, auth, get, latestCode, newPhone, noticeVersion, post, requestOtp, startTestApp } from '../helpers';

/** The Privacy Notice is accepted at first sign-in (and again when it changes): the version ticked on /login goes with the code. */

const verify = (t: TestApp, phone: string, verifyToken: string, otp: string, version?: string) =>
  post(t.app, '/api/verify/mobile-otp', { phone, otp, ...(version === undefined ? {} : { noticeVersion: version }) }, { headers: { 'x-verify-token': verifyToken } });

async function signInWith(t: TestApp, phone: string, version?: string) {
  const token = await requestOtp(t.app, phone);
  return verify(t, phone, token, await latestCode(t.app, phone), version);
}

describe('accepting the Privacy Notice at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('a first sign-in without it is refused before the code is used; with it, the required purposes are consented under that version', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const refused = await verify(t, phone, verifyToken, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Please read and accept the Privacy Notice to continue' });
    const stale = await verify(t, phone, verifyToken, code, '2020-01-01');
    expect(stale.json()).toMatchObject({ message: 'The Privacy Notice has changed: please read it and accept it again' });
    const accepted = await verify(t, phone, verifyToken, code, noticeVersion);
    expect(accepted.statusCode).toBe(200);
    const { token } = accepted.json<{ token: string }>();
    const { consents } = (await get(t.app, '/api/user/consents', auth(token))).json<ConsentsResponse>();
    expect(consents.filter((entry) => entry.givenAt !== null).every((entry) => entry.required && entry.version === noticeVersion)).toBe(true);
    expect(consents.filter((entry) => entry.required).every((entry) => entry.givenAt === new Date(t.clock.now).toISOString())).toBe(true);
  });

  it('a returning applicant who accepted this version signs in without sending it again', async () => {
    const phone = newPhone();
    expect((await signInWith(t, phone, noticeVersion)).statusCode).toBe(200);
    expect((await signInWith(t, phone)).statusCode).toBe(200);
  });
});

describe('a new version of the notice', () => {
  let before: TestApp;
  let after: TestApp;
  let configDir: string;
  const phone = newPhone();
  beforeAll(async () => {
    before = await startTestApp();
    expect((await signInWith(before, phone, noticeVersion)).statusCode).toBe(200);
    configDir = tempConfigDir((flow) => flow);
    const path = join(configDir, 'privacy.json');
    const privacy = JSON.parse(readFileSync(path, 'utf8')) as { notice: { version: string } };
    privacy.notice.version = '2027-01-01';
    writeFileSync(path, JSON.stringify(privacy));
  });
  afterAll(async () => {
    await after?.close();
    await before.close();
    rmSync(dirname(configDir), { recursive: true, force: true });
  });

  it('is accepted again at the next sign-in: the old version no longer counts', async () => {
    // The same database, now served with the new notice.
    after = await startTestApp({ configDir, dataDir: before.dir, ...(before.databaseUrl ? { databaseUrl: before.databaseUrl } : {}) });
    const refused = await signInWith(after, phone, noticeVersion);
    expect(refused.json()).toMatchObject({ message: 'The Privacy Notice has changed: please read it and accept it again' });
    const accepted = await signInWith(after, phone, '2027-01-01');
    expect(accepted.statusCode).toBe(200);
    const { consents } = (await get(after.app, '/api/user/consents', auth(accepted.json<{ token: string }>().token))).json<ConsentsResponse>();
    expect(consents.filter((entry) => entry.required).map((entry) => entry.version)).toEqual(consents.filter((entry) => entry.required).map(() => '2027-01-01'));
  });
});
