import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SignInResponse } from '../../../core/api/types';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { defaultConfigDir } from '../../../server/config/load-config';
import { type TestApp, auth, latestCode, post, requestOtp, newPhone, startTestApp, verifyOtp } from '../helpers';

/** A copy of flow-config/ with two journey steps swapped in the steps array; nothing else changes. */
function configWithSwappedSteps(first: string, second: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-flow-config-'));
  cpSync(defaultConfigDir, dir, { recursive: true });
  const path = join(dir, 'flow.json');
  const flow = JSON.parse(readFileSync(path, 'utf8')) as FlowConfig;
  const a = flow.steps.findIndex((step) => step.id === first);
  const b = flow.steps.findIndex((step) => step.id === second);
  const [stepA, stepB] = [flow.steps[a], flow.steps[b]];
  if (a < 0 || b < 0 || !stepA || !stepB) throw new Error('steps to swap not found');
  [flow.steps[a], flow.steps[b]] = [stepB, stepA];
  writeFileSync(path, JSON.stringify(flow, null, 2));
  return dir;
}

describe('the server follows step order from flow-config (email and PAN swapped)', () => {
  let configDir: string;
  let t: TestApp;
  beforeAll(async () => {
    configDir = configWithSwappedSteps('email_verification', 'pan_verification');
    t = await startTestApp({ configDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('verify/mobile-otp now hands the applicant on to pan_verification', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const response = await verifyOtp(t.app, phone, verifyToken, await latestCode(t.app, phone));
    expect(response.statusCode).toBe(200);
    expect(response.json<SignInResponse>().user).toMatchObject({ currentStep: 'mobile_verification', nextStep: 'pan_verification' });
  });

  it('add-email right after mobile verification answers "please complete previous steps"', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const { token } = (await verifyOtp(t.app, phone, verifyToken, await latestCode(t.app, phone))).json<SignInResponse>();
    const response = await post(t.app, '/api/user/add-email', { email: 'swap@example.com' }, auth(token));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('please complete previous steps');
  });

  it('the unchanged config still allows add-email right after mobile verification', async () => {
    const plain = await startTestApp();
    try {
      const phone = newPhone();
      const verifyToken = await requestOtp(plain.app, phone);
      const { token, user } = (await verifyOtp(plain.app, phone, verifyToken, await latestCode(plain.app, phone))).json<SignInResponse>();
      expect(user.nextStep).toBe('email_verification');
      expect((await post(plain.app, '/api/user/add-email', { email: 'plain@example.com' }, auth(token))).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
