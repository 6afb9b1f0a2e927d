import { expect } from 'vitest';
import { createDatabase } from '../../server/db/database';
import type { VerifyEmailResponse } from '../../core/api/types';
import { type TestApp, auth, latestCode, post } from './helpers';

/** add-email, read the code from the outbox, verify-email; returns the verify answer. */
export async function addEmailAndVerify(t: TestApp, token: string, email: string): Promise<VerifyEmailResponse> {
  expect((await post(t.app, '/api/user/add-email', { email }, auth(token))).statusCode).toBe(200);
  const otp = await latestCode(t.app, email);
  const response = await post(t.app, '/api/user/verify-email', { email, otp }, auth(token));
  expect(response.statusCode).toBe(200);
  return response.json<VerifyEmailResponse>();
}

/** Writes an applicant's step pointers straight into the app's database (a second connection; WAL allows it). */
export async function setSteps(
  t: TestApp,
  phone: string,
  steps: { current_step: string | null; next_step: string | null },
): Promise<void> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    await db.updateTable('users').set(steps).where('phone', '=', phone).execute();
  } finally {
    await db.destroy();
  }
}
