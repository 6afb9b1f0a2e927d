import { expect } from 'vitest';
import { journey, stepAfter } from '../../core/engine/flow';
import { genericStep } from '../../core/engine/step-api';
import { loadConfig } from '../../server/config/load-config';
import { postStepAnswer, stepAnswer } from '../fixtures/step-answers';
import type { TestApp } from './helpers';
import { auth, get } from './helpers';
import { declaration, nominee } from './nominee-payloads';
import { newPan } from './ops-fixtures';
import { type Applicant, applicantAtPan, send, setUserRow, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';
import { type FilePart, multipart, phoneJpeg, plainPng } from './upload-fixtures';

/** Answers an applicant gives on the way through the journey, each by its own route, with its uploads. */
export const taxResidency = { taxResidentOutsideIndia: true, taxResidencies: [{ country: 'Singapore', tin: 'S1234567D' }], placeOfBirth: 'Chennai', countryOfBirth: 'India' };

export interface Answered extends Applicant {
  id: string;
  email: string;
  /** Each step's answer as sent. */
  answers: Record<string, Record<string, unknown>>;
  /** The uploads as sent, by the document's kind. */
  uploads: { kind: string; bytes: Buffer }[];
}

async function upload(t: TestApp, who: Applicant, url: string, parts: FilePart[], text: Record<string, string> = {}) {
  const { body, contentType } = multipart([...Object.entries(text).map(([name, value]) => ({ name, value })), ...parts]);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  expect(response.statusCode, response.body).toBe(200);
}

type Walk = { answers: Answered['answers']; uploads: Answered['uploads']; pan: string };
type StepAction = (t: TestApp, who: Applicant, walk: Walk) => Promise<void>;

/** The steps answered by their own routes; the ones with outside services (Aadhaar, bank, selfie) are set directly. */
const actions: Record<string, StepAction> = {
  pan_verification: async (t, who, walk) => {
    await verifyAndConfirmPan(t, who, walk.pan);
    walk.answers.pan_verification = { pan: walk.pan };
  },
  pan_image_upload: async (t, who, walk) => {
    const bytes = await phoneJpeg(640, 360);
    await upload(t, who, '/api/user/pan-proof-upload', [{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: bytes }]);
    walk.uploads.push({ kind: 'pan_image', bytes });
  },
  personal_details: async (t, who, walk) => {
    expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
    walk.answers.personal_details = validPersonalDetails;
  },
  declaration: async (t, who, walk) => {
    expect((await send(t, who, '/api/user/declaration', declaration)).status).toBe(200);
    walk.answers.declaration = declaration;
  },
  signature: async (t, who, walk) => {
    const bytes = await plainPng(400, 160);
    await upload(t, who, '/api/user/add-signature', [{ name: 'signature', filename: 'signature.png', contentType: 'image/png', data: bytes }]);
    walk.uploads.push({ kind: 'signature_image', bytes });
  },
  nominee: async (t, who, walk) => {
    const nominees = [nominee({ firstName: 'Meera', documentType: 'driving_license', documentNumber: 'KA0120190001234' })];
    const bytes = await phoneJpeg(500, 320);
    await upload(t, who, '/api/user/add-nominee', [{ name: 'documentProof_0', filename: 'proof.jpg', contentType: 'image/jpeg', data: bytes }], { nomineeDetails: JSON.stringify(nominees) });
    walk.answers.nominee = { nominees };
    walk.uploads.push({ kind: 'nominee_proof', bytes });
  },
};

/** The tax residency this applicant declares (a Singapore tax resident), instead of the usual answer. */
const ownAnswers: Record<string, Record<string, unknown>> = { 'tax-residency': taxResidency };

/**
 * An applicant who went from sign-in to the end of the nominee step, in flow.json's order, by the real routes: the
 * generic steps answered as tests/fixtures/step-answers.ts says, the steps with outside services set directly.
 */
export async function answeredApplicant(t: TestApp): Promise<Answered> {
  const { flow } = loadConfig();
  const order = journey(flow);
  const who = await applicantAtPan(t);
  const walk: Walk = { answers: {}, uploads: [], pan: newPan() };
  for (const step of order.slice(order.indexOf('pan_verification'), order.indexOf('nominee') + 1)) {
    const schema = genericStep(flow, step)?.schema;
    if (actions[step]) await actions[step](t, who, walk);
    else if (schema) {
      const posted = await postStepAnswer(t.app, who.token, step, schema, ownAnswers[schema] ?? stepAnswer(schema));
      expect(posted.response.statusCode).toBe(200);
      walk.answers[step] = posted.answer;
      walk.uploads.push(...posted.uploads);
    } else await setUserRow(t, who.phone, { current_step: step, next_step: stepAfter(flow, step) ?? null });
  }
  const user = (await get(t.app, '/api/user', auth(who.token))).json<{ user: { id: string; email: string } }>().user;
  return { ...who, id: user.id, email: user.email, answers: walk.answers, uploads: walk.uploads };
}
