import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { type TestApp, startTestApp } from '../helpers';
import { multipart } from '../identity-fixtures';
import { fixture } from '../income-proof-fixtures';
import { type Applicant, applicantAt } from '../step-fixtures';

/** Hostile or broken bodies on the identity and income-proof routes: always 4xx with an error body, never 500. */

let t: TestApp;
const who: Record<string, Applicant> = {};
beforeAll(async () => {
  t = await startTestApp();
  who.kyc = await applicantAt(t, 'aadhaar_verification');
  who.esign = await applicantAt(t, 'aadhaar_e_sign_documents');
  who.income = await applicantAt(t, 'income_proof');
});
afterAll(() => t.close());

const jsonRoutes: [string, string][] = [
  ['kyc', '/api/user/initiate-workflow/kyc'],
  ['kyc', '/api/user/verify-workflow/kyc'],
  ['esign', '/api/user/e-sign-documents'],
  ['esign', '/api/user/verify-workflow/esign'],
  ['esign', '/api/user/initiate-verification'],
];

const badBodies: [string, string | undefined, string][] = [
  ['malformed JSON', '{"requestId": "KID', 'application/json'],
  ['an array', '[]', 'application/json'],
  ['a prototype-pollution key', '{"__proto__":{"admin":true}}', 'application/json'],
  ['an object for the request id', '{"requestId":{"$ne":""}}', 'application/json'],
  ['a huge request id', JSON.stringify({ requestId: 'K'.repeat(100_000) }), 'application/json'],
  ['text/plain', 'requestId=KID1', 'text/plain'],
];

async function expect4xx(route: string, token: string, payload: string | Buffer | undefined, contentType: string | undefined) {
  const headers: Record<string, string> = { 'x-access-token': token };
  if (contentType) headers['content-type'] = contentType;
  const response = await t.app.inject({ method: 'POST', url: route, payload, headers });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  const body = response.json<ApiErrorBody>();
  expect(body.errorMessage).toBe(body.message);
  return response.statusCode;
}

describe('bad JSON bodies on the identity routes', () => {
  it.each(jsonRoutes.flatMap(([owner, route]) => badBodies.map(([name, payload, type]) => ({ owner, route, name, payload, type }))))(
    '$route: $name → 4xx',
    async ({ owner, route, payload, type }) => {
      await expect4xx(route, who[owner]?.token ?? '', payload, type);
    },
  );

  it('an unknown workflow is not a route: 404', async () => {
    expect(await expect4xx('/api/user/initiate-workflow/passport', who.kyc?.token ?? '', '{}', 'application/json')).toBe(404);
  });
});

describe('bad multipart bodies on POST /user/income-proof', () => {
  const route = '/api/user/income-proof';
  const token = () => who.income?.token ?? '';

  it('a body cut off in the middle', async () => {
    const { payload, headers } = await multipart({ document_type: 'bank_statement' }, { bytes: fixture('plain'), filename: 'a.pdf' });
    await expect4xx(route, token(), payload.subarray(0, payload.length - 60), headers['content-type']);
  });

  it('a boundary that does not match', async () => {
    const { payload } = await multipart({ document_type: 'bank_statement' }, { bytes: fixture('plain'), filename: 'a.pdf' });
    await expect4xx(route, token(), payload, 'multipart/form-data; boundary=not-the-one');
  });

  it('multipart without a boundary', async () => {
    await expect4xx(route, token(), 'x', 'multipart/form-data');
  });

  it('two files', async () => {
    const form = new FormData();
    form.append('document_type', 'bank_statement');
    form.append('proof_of_income', new Blob([new Uint8Array(fixture('plain'))]), 'a.pdf');
    form.append('proof_of_income', new Blob([new Uint8Array(fixture('plain'))]), 'b.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    await expect4xx(route, token(), Buffer.from(await request.arrayBuffer()), request.headers.get('content-type') ?? '');
  });

  it('a file under another field name', async () => {
    const form = new FormData();
    form.append('document', new Blob([new Uint8Array(fixture('plain'))]), 'a.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    await expect4xx(route, token(), Buffer.from(await request.arrayBuffer()), request.headers.get('content-type') ?? '');
  });

  it('too many fields', async () => {
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_v, i) => [`document_type${i}`, 'x']));
    const { payload, headers } = await multipart(fields);
    await expect4xx(route, token(), payload, headers['content-type']);
  });

  it('form-encoded', async () => {
    await expect4xx(route, token(), 'skip=true', 'application/x-www-form-urlencoded');
  });
});
