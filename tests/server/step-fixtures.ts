import { expect } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { saveStepAnswers } from '../../server/platform/repositories/step-store';
import type { UserUpdate } from '../../server/db/schema';
import type { ApiErrorBody, RejectedSteps, StepSavedResponse } from '../../core/api/types';
import { addEmailAndVerify } from './email-helpers';
import { type TestApp, auth, post, signIn } from './helpers';

/** The test clock's day in India (startTime is 15 Jan 2026, 15:30 IST). */
export const today = '15/01/2026';
export const tomorrow = '16/01/2026';

export { validPersonalDetails } from '../fixtures/payloads';

export const validModification = {
  gender: 'female',
  maritalStatus: 'unmarried',
  occupation: 'Business',
  incomeSegment: '5-10 Lac',
  tradingExperience: 'More than 5 years',
  fatherName: 'Mahesh Rao',
  motherName: 'Lakshmi Rao',
};

export { nextAfter } from '../fixtures/flow-config';

export interface Applicant {
  token: string;
  phone: string;
}

let emailCounter = 0;

/** A signed-in applicant with a verified email: next step is PAN in the repository's flow. */
export async function applicantAtPan(t: TestApp): Promise<Applicant> {
  const { token, phone } = await signIn(t);
  emailCounter += 1;
  await addEmailAndVerify(t, token, `applicant${emailCounter}@example.com`);
  return { token, phone };
}

/**
 * Writes columns of an applicant's row straight into the app's database (a second connection;
 * WAL allows it): the way to reach a later step without walking the journey's screens.
 */
export async function setUserRow(t: TestApp, phone: string, patch: UserUpdate): Promise<void> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    await db.updateTable('users').set(patch).where('phone', '=', phone).execute();
  } finally {
    await db.destroy();
  }
}

/** Gives the applicant a verified PAN record, as confirm-pan stores it (the PAN on the row, the record as the step's document). */
export async function setPanRecord(t: TestApp, phone: string, record: { pan: string; name: string; dateOfBirth: string }): Promise<void> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ pan: record.pan }).where('id', '=', user.id).execute();
    await saveStepAnswers(db, user.id, 'pan_verification', record, Date.now());
  } finally {
    await db.destroy();
  }
}

/** A signed-in applicant whose progress is set to `nextStep` (and `rejected`, for modification). */
export async function applicantAt(t: TestApp, nextStep: string, rejected: RejectedSteps = {}, currentStep: string | null = null): Promise<Applicant> {
  const { token, phone } = await signIn(t);
  await setUserRow(t, phone, { next_step: nextStep, current_step: currentStep, rejected_steps: JSON.stringify(rejected) });
  return { token, phone };
}

/** POST as the applicant; returns status and parsed body. */
export async function send<T = unknown>(t: TestApp, who: Applicant, url: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await post(t.app, url, body, auth(who.token));
  return { status: response.statusCode, body: response.json<T>() };
}

/** Expects a 4xx error body with `message` (also in errorMessage). */
export function expectError(result: { status: number; body: unknown }, status: number, message: string): ApiErrorBody {
  const body = result.body as ApiErrorBody;
  expect({ status: result.status, message: body.message }).toEqual({ status, message });
  expect(body).toMatchObject({ statusCode: status, errorMessage: message });
  return body;
}

/** pan-number then confirm-pan for a sandbox PAN; returns the confirm answer. */
export async function verifyAndConfirmPan(t: TestApp, who: Applicant, pan: string, dateOfBirth = '15/08/1990'): Promise<StepSavedResponse> {
  expect((await send(t, who, '/api/user/pan-number', { pan, dateOfBirth })).status).toBe(200);
  const confirmed = await send<StepSavedResponse>(t, who, '/api/user/confirm-pan', {});
  expect(confirmed.status).toBe(200);
  return confirmed.body;
}

export { tempStepSchemas } from '../fixtures/temp-schemas';

/** Messages by field path, as in an error body's `errors`. */
export type Fields = Record<string, string[]>;

/** Expects 400 whose `errors` are exactly `fields` and whose message is the first of them. */
export async function expectFields(t: TestApp, who: Applicant, url: string, body: unknown, fields: Fields): Promise<void> {
  const { status, body: answer } = await send<ApiErrorBody>(t, who, url, body);
  const first = Object.values(fields)[0]?.[0];
  expect({ status, message: answer.message, errorMessage: answer.errorMessage, errors: answer.errors }).toEqual({
    status: 400,
    message: first,
    errorMessage: first,
    errors: fields,
  });
}
