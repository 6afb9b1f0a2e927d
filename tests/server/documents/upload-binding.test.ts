import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { stepAfter } from '../../../core/engine/flow';
import type { FlowConfig, StepApiRoute } from '../../../core/engine/flow-types';
import { stepUploadPath } from '../../../core/engine/upload-bindings';
import { loadConfig } from '../../../server/config/load-config';
import { type ConfigCopy, addDocumentStep, configProblems, copyConfig, documentStepId } from '../../fixtures/config-edits';
import { readmeBlock } from '../../fixtures/readme-step';
import { downloadDocument } from '../document-helpers';
import { type TestApp, auth, startTestApp } from '../helpers';
import { listenLocally, postRaw } from '../raw-http';
import { type Applicant, applicantAt, expectError } from '../step-fixtures';
import { type FilePart, type TextPart, multipart, phoneJpeg } from '../upload-fixtures';
import { storedDocuments } from '../upload-harness';

/**
 * A spec path is a binding of path to a file step, declared in flow.json (`"message"` and `"upload"` on an api entry),
 * served by the one save handler. Shown on a copy of the config: the README's address-proof step given a path of its own by the
 * README's binding block, with no code.
 */

const binding = readmeBlock('document-binding') as unknown as StepApiRoute;
const path = `/api${binding.route.slice('POST '.length)}`;
const fileName = Object.keys(binding.upload!.fields)[0]!;

const flowFile = (copy: ConfigCopy) => join(copy.configDir, 'flow.json');
function bindIn(copy: ConfigCopy, entry: StepApiRoute): void {
  const flow = JSON.parse(readFileSync(flowFile(copy), 'utf8')) as FlowConfig;
  const step = flow.steps.find((s) => s.id === documentStepId)!;
  step.api = [...(step.api ?? []), entry];
  writeFileSync(flowFile(copy), JSON.stringify(flow, null, 2));
}

let t: TestApp;
let flow: FlowConfig;
let jpeg: Buffer;
const roots: string[] = [];
function boundCopy(entry: StepApiRoute): ConfigCopy {
  const copy = copyConfig();
  roots.push(copy.root);
  addDocumentStep(copy);
  bindIn(copy, entry);
  return copy;
}

beforeAll(async () => {
  const copy = boundCopy(binding);
  flow = loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir }).flow;
  t = await startTestApp({ configDir: copy.configDir, stepSchemasDir: copy.stepSchemasDir });
  jpeg = await phoneJpeg(640, 360);
});
afterAll(async () => {
  await t.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const typePart: TextPart = { name: 'addressProofType', value: 'driving_license' };
const proof = (data: Buffer, name = fileName): FilePart => ({ name, filename: 'bill.jpg', contentType: 'image/jpeg', data });

async function send(who: Applicant, parts: (TextPart | FilePart)[]): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url: path, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
}

describe('a spec-style path bound to a config-added document step', () => {
  it("serves the new path: the multipart field fills the schema's file field, the answer is { message, step, user }", async () => {
    const who = await applicantAt(t, documentStepId);
    const saved = await send(who, [typePart, proof(jpeg)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<StepSavedResponse & { step: string }>();
    const user = answer.user as StepSavedResponse['user'] & { addressProof?: string; addressProofType?: string };
    expect(answer).toMatchObject({ message: 'Document uploaded successfully!', step: documentStepId });
    expect(user).toMatchObject({ nextStep: stepAfter(flow, documentStepId), addressProofType: 'driving_license', addressProof: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const stored = await downloadDocument(t.app, who.token, String(user.addressProof));
    expect([stored.status, stored.type]).toEqual([200, 'image/jpeg']);
    // The browser's saveStep sends the step's form there, under the same names (tests/app/save-step-upload.test.tsx).
    expect(stepUploadPath(flow, documentStepId)).toEqual({ url: '/user/address-proof', names: { addressProof: fileName } });
  });

  it('refuses under the names the client sent, storing nothing; the generic step route no longer takes the step', async () => {
    const who = await applicantAt(t, documentStepId);
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    expectError(await send(who, [typePart]).then((r) => ({ status: r.statusCode, body: r.json() })), 400, 'Document proof is required');
    expectError(await send(who, [proof(jpeg)]).then((r) => ({ status: r.statusCode, body: r.json() })), 400, 'Choose the type of your address proof');
    expectError(await send(who, [typePart, proof(jpeg, 'addressProof')]).then((r) => ({ status: r.statusCode, body: r.json() })), 400, "Unexpected field 'addressProof'");
    expectError(await send(who, [typePart, proof(Buffer.from('#!/bin/sh\n'))]).then((r) => ({ status: r.statusCode, body: r.json() })), 415, 'Document proof must be a JPEG or PNG image, or a PDF');
    const generic = await t.app.inject({ method: 'POST', url: `/api/user/step/${documentStepId}`, payload: {}, ...auth(who.token) });
    expect(generic.statusCode).toBe(404);
    await stored.expectNothingStored(before);
  });

  it('answers an oversize file with its 413 over a real socket', async () => {
    const who = await applicantAt(t, documentStepId);
    const base = await listenLocally(t);
    const { body, contentType } = multipart([typePart, proof(Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024)]))]);
    const answer = await postRaw(`${base}${path}`, body, { 'content-type': contentType, 'x-access-token': who.token });
    expect([answer.status, (JSON.parse(answer.body) as { message: string }).message]).toEqual([413, 'Document proof is larger than 10 MB']);
  });
});

describe('the config check of a binding', () => {
  const problemsOf = (entry: StepApiRoute): string[] => configProblems(boundCopy(entry));
  const at = (problems: string[]) => problems.filter((problem) => problem.startsWith('flow-config/flow.json: /steps/'));

  it('refuses a field that is not a file field of its body, naming file and JSON path', () => {
    const problems = at(problemsOf({ ...binding, upload: { ...binding.upload!, fields: { proof: 'addressProofType' } } }));
    expect(problems).toEqual([expect.stringMatching(/^flow-config\/flow\.json: \/steps\/\d+\/api\/0 \('POST \/user\/address-proof'\)\/upload\/fields\/proof: 'addressProofType' is not an "x-upload" field of schemas\/step-data\/address-proof\.schema\.json/)]);
  });

  it('refuses a message code with no text, and a binding with no body', () => {
    expect(at(problemsOf({ ...binding, message: 'flow.noSuchText' }))).toEqual([
      expect.stringMatching(/\/message: 'flow\.noSuchText' is not a code of flow-config\/messages\.json$/),
    ]);
    const { body: _body, ...bodiless } = binding;
    expect(at(problemsOf(bodiless))).toEqual([expect.stringContaining('a route that saves a step needs a "body" schema')]);
  });
});
