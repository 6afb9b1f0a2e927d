import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { journey } from '../../core/engine/flow';
import type { StepId } from '../../core/engine/flow-types';
import type { UserDetails, UserResponse } from '../../core/api/types';
import { addEmailAndVerify } from '../server/email-helpers';
import { type TestApp, auth, get, post, signIn } from '../server/helpers';
import { esignList, initiate, widget } from '../server/identity-fixtures';
import { declaration } from '../server/nominee-payloads';
import { type FilePart, type TextPart, multipart, phoneJpeg } from '../server/upload-fixtures';
import { validPersonalDetails } from '../fixtures/payloads';
import { postStepAnswer, stepAnswer } from '../fixtures/step-answers';
import { genericStep } from '../../core/engine/step-api';

/** An applicant who went through the journey by the API, as the client does, with what they entered. */
export interface Walker {
  token: string;
  phone: string;
  email: string;
  pan: string;
  dateOfBirth: string;
}

type StepAction = (t: TestApp, who: Walker) => Promise<void>;

export const dateOfBirth = '15/08/1990';
let counter = 0;

/** A fresh sandbox PAN that verifies (digits clear of the trigger values 0000, 1111, 5000, 9999). */
export function freshPan(): string {
  counter += 1;
  return `ABCPE${String(2000 + counter).padStart(4, '0')}F`;
}

async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, what: string): Promise<LightMyRequestResponse> {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`${what} answered ${answer.statusCode}: ${answer.body}`);
  return answer;
}

/** POST multipart/form-data as the applicant. */
export function upload(t: TestApp, token: string, url: string, parts: (TextPart | FilePart)[]): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, 'x-access-token': token } });
}

export const image = async (name: string): Promise<FilePart> => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', data: await phoneJpeg(400, 300) });

async function identityWorkflow(t: TestApp, who: Walker, workflow: 'kyc' | 'selfie'): Promise<void> {
  const { requestId } = await initiate(t, who, workflow);
  await ok(widget(t, requestId, 'approve'), `${workflow} widget`);
  await ok(post(t.app, `/api/user/verify-workflow/${workflow}`, { requestId }, auth(who.token)), `verify ${workflow}`);
}

/** How each journey step is completed through its own routes (spec section 7). A step missing here fails the walk by name. */
export const stepActions: Record<StepId, StepAction> = {
  email_verification: async (t, who) => void (await addEmailAndVerify(t, who.token, who.email)),
  pan_verification: async (t, who) => {
    await ok(post(t.app, '/api/user/pan-number', { pan: who.pan, dateOfBirth: who.dateOfBirth }, auth(who.token)), 'pan-number');
    await ok(post(t.app, '/api/user/confirm-pan', {}, auth(who.token)), 'confirm-pan');
  },
  aadhaar_verification: (t, who) => identityWorkflow(t, who, 'kyc'),
  pan_image_upload: async (t, who) => void (await ok(upload(t, who.token, '/api/user/pan-proof-upload', [await image('pan')]), 'pan-proof-upload')),
  personal_details: async (t, who) => void (await ok(post(t.app, '/api/user/personal-details', validPersonalDetails, auth(who.token)), 'personal-details')),
  bank_details: async (t, who) => {
    const user = await currentUser(t, who);
    const body = {
      beneficiaryAccount: '50100123456789',
      beneficiaryIFSC: 'HDFC0000001',
      beneficiaryName: user.name ?? '',
      beneficiaryAccountType: 'savings',
      pan: who.pan,
      dateOfBirth: who.dateOfBirth,
    };
    await ok(post(t.app, '/api/user/add-bank-account', body, auth(who.token)), 'add-bank-account');
  },
  liveliness_detection: (t, who) => identityWorkflow(t, who, 'selfie'),
  declaration: async (t, who) => void (await ok(post(t.app, '/api/user/declaration', declaration, auth(who.token)), 'declaration')),
  signature: async (t, who) => void (await ok(upload(t, who.token, '/api/user/add-signature', [await image('signature')]), 'add-signature')),
  nominee: async (t, who) => void (await ok(post(t.app, '/api/user/skip-nominee', {}, auth(who.token)), 'skip-nominee')),
  income_proof: async (t, who) => void (await ok(upload(t, who.token, '/api/user/income-proof', [{ name: 'skip', value: 'true' }]), 'income-proof skip')),
  aadhaar_e_sign_documents: async (t, who) => {
    await signEveryDocument(t, who);
    await ok(post(t.app, '/api/user/initiate-verification', {}, auth(who.token)), 'initiate-verification');
  },
};

/** A step saved by the generic step route, answered by tests/fixtures/step-answers.ts from its schema. */
function genericAction(flow: ReturnType<typeof loadConfig>['flow'], step: StepId): StepAction | undefined {
  const schema = genericStep(flow, step)?.schema;
  if (!schema) return undefined;
  const answer = stepAnswer(schema);
  return async (t, who) => void (await ok(postStepAnswer(t.app, who.token, step, schema, answer).then(({ response }) => response), `step ${step}`));
}

/** Lists the eSign documents and signs each one in the sandbox widget; returns the request ids signed. */
export async function signEveryDocument(t: TestApp, who: Walker): Promise<string[]> {
  const list = await esignList(t, who);
  for (const entry of list) {
    await ok(widget(t, entry.eSignRequestID, 'approve'), 'esign widget');
    await ok(post(t.app, '/api/user/verify-workflow/esign', { requestId: entry.eSignRequestID }, auth(who.token)), 'verify esign');
  }
  return list.map((entry) => entry.eSignRequestID);
}

export async function currentUser(t: TestApp, who: Pick<Walker, 'token'>): Promise<UserDetails> {
  return (await ok(get(t.app, '/api/user', auth(who.token)), 'GET /user')).json<UserResponse>().user;
}

/**
 * A new applicant walked through the repository's journey, in flow.json's order, each step by its own routes,
 * until `stop` is their next step (by default: to the status after the journey, submitted).
 */
export async function walkTo(t: TestApp, stop?: StepId): Promise<Walker> {
  const signedIn = await signIn(t);
  counter += 1;
  const who: Walker = { token: signedIn.token, phone: signedIn.phone, email: `walker${counter}@example.com`, pan: freshPan(), dateOfBirth };
  return walkOn(t, who, stop);
}

/** The same walk, from the applicant's next step on. */
export async function walkOn(t: TestApp, who: Walker, stop?: StepId): Promise<Walker> {
  const { flow } = loadConfig();
  const order = journey(flow);
  const from = order.indexOf((await currentUser(t, who)).nextStep ?? '');
  for (let index = Math.max(1, from); index < order.length - 1; index += 1) {
    const step = order[index]!;
    if (step === stop) break;
    const action = stepActions[step] ?? genericAction(flow, step);
    if (!action) throw new Error(`tests/security/journey.ts has no action for the journey step '${step}'`);
    await action(t, who);
    expect((await currentUser(t, who)).nextStep, `after ${step}`).toBe(order[index + 1]);
  }
  return who;
}
