import type { LightMyRequestResponse } from 'fastify';
import { createDatabase } from '../../server/db/database';
import type { AppOptions } from '../../server/app-options';
import type { UserResponse } from '../../core/api/types';
import { type TestApp, auth, get, latestCode, startTestApp } from './helpers';
import { type Applicant, applicantAtPan, send, setUserRow, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';

/** The back office in tests: an app with OPS_TOKEN set, and calls that carry it. */

export const opsToken = 'ops-test-token-0123456789abcdef0123456789abcdef';
export const publicUrl = 'https://onboard.test';

/** Many applicants add their email from the test's one address: the per-IP send cap is not what these tests test. */
export function startOpsApp(options: AppOptions = {}): Promise<TestApp> {
  return startTestApp({ opsToken, publicUrl, limits: { sendsPerIp: 10_000 }, ...options });
}

export const bearer = (token: string = opsToken) => ({ authorization: `Bearer ${token}` });

export async function opsCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = bearer(),
): Promise<{ status: number; body: T; response: LightMyRequestResponse }> {
  const response = await t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: response.statusCode, body: response.json<T>(), response };
}

export const decide = (t: TestApp, id: string, body: unknown) => opsCall(t, 'POST', `/api/ops/applications/${id}/decision`, body);

export interface ReviewApplicant extends Applicant {
  id: string;
  email: string;
  pan: string;
}

let panCounter = 2000;

/** A unique sandbox PAN that verifies (4th letter P, digits clear of the trigger numbers). */
export function newPan(): string {
  panCounter += 1;
  return `ABCPR${panCounter}K`;
}

export async function userOf(t: TestApp, who: Applicant): Promise<UserResponse['user']> {
  return (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
}

/**
 * An applicant with a verified email, a confirmed PAN (name from the registry) and saved personal details,
 * then moved to `status` (the steps between have no screens yet): what the back office reviews.
 */
export async function reviewApplicant(t: TestApp, status = 'verification_pending'): Promise<ReviewApplicant> {
  const who = await applicantAtPan(t);
  const pan = newPan();
  await verifyAndConfirmPan(t, who, pan);
  await setUserRow(t, who.phone, { next_step: 'personal_details' });
  await send(t, who, '/api/user/personal-details', validPersonalDetails);
  await setUserRow(t, who.phone, { current_step: 'aadhaar_e_sign_documents', next_step: status });
  const user = await userOf(t, who);
  return { ...who, id: user.id, email: user.email ?? '', pan };
}

/** Emails in the sandbox outbox for `to`, newest first, with their subjects (read straight from the table). */
export async function emailsTo(t: TestApp, to: string): Promise<{ subject: string | null; text: string }[]> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('recipient', '=', to.toLowerCase())
      .where('channel', '=', 'email')
      .orderBy('sent_at', 'desc')
      .execute();
  } finally {
    await db.destroy();
  }
}

/** Adds a reviewer with the ops token; throws unless the server took it. */
export async function addReviewer(t: TestApp, email: string, role: string): Promise<void> {
  const { status, body } = await opsCall(t, 'POST', '/api/ops/reviewers', { email, role });
  if (status !== 201 && status !== 200) throw new Error(`adding ${email} answered ${status}: ${JSON.stringify(body)}`);
}

/** POST /api/ops/login: the verify token. */
export async function reviewerLogin(t: TestApp, email: string, ip = '10.9.0.1'): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email }, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`ops login answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export function reviewerVerify(t: TestApp, email: string, verifyToken: string, otp: string) {
  return t.app.inject({ method: 'POST', url: '/api/ops/verify-otp', payload: { email, otp }, headers: { 'x-verify-token': verifyToken } });
}

/** A reviewer of `role`, added with the ops token and signed in with the code emailed to them: their bearer token. */
export async function signInReviewer(t: TestApp, email: string, role: string): Promise<string> {
  await addReviewer(t, email, role);
  const verifyToken = await reviewerLogin(t, email);
  const response = await reviewerVerify(t, email, verifyToken, await latestCode(t.app, email));
  if (response.statusCode !== 200) throw new Error(`ops verify answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}
