import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { type TestApp, startTestApp } from '../helpers';
import { type Applicant, applicantAt, applicantAtPan, validPersonalDetails } from '../step-fixtures';

/** Hostile or broken bodies on the issue-3 routes: always 4xx with an error body, never 500. */

let t: TestApp;
const who: Record<string, Applicant> = {};
beforeAll(async () => {
  t = await startTestApp();
  who.pan = await applicantAtPan(t);
  who.personal = await applicantAt(t, 'personal_details');
  who.modification = await applicantAt(t, 'modification', { personal_details: {} });
});
afterAll(() => t.close());

const routes = {
  pan: '/api/user/pan-number',
  personal: '/api/user/personal-details',
  modification: '/api/user/modification/details',
} as const;

interface BadCase {
  name: string;
  payload: string | undefined;
  contentType?: string | null;
  status: number;
  message?: string;
}

const bodies: BadCase[] = [
  { name: 'malformed JSON', payload: '{"pan": "ABC', status: 400 },
  { name: 'JSON with trailing garbage', payload: '{} x', status: 400 },
  { name: 'an empty JSON body', payload: '', status: 400 },
  { name: 'no body, no content type', payload: undefined, contentType: null, status: 400, message: 'body must be object' },
  { name: 'an array', payload: '[{"pan":"ABCPE1234F"}]', status: 400, message: 'body must be object' },
  { name: 'a bare string', payload: '"ABCPE1234F"', status: 400, message: 'body must be object' },
  { name: 'null', payload: 'null', status: 400, message: 'body must be object' },
  { name: 'a number', payload: '42', status: 400, message: 'body must be object' },
  { name: 'a prototype-pollution key', payload: '{"__proto__":{"admin":true}}', status: 400 },
  { name: 'a constructor key', payload: '{"constructor":{"prototype":{"x":1}}}', status: 400 },
  { name: 'deep nesting', payload: `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`, status: 400 },
  { name: 'text/plain', payload: 'pan=ABCPE1234F', contentType: 'text/plain', status: 415 },
  { name: 'form-encoded', payload: 'pan=ABCPE1234F', contentType: 'application/x-www-form-urlencoded', status: 415 },
  { name: 'over 1 MB', payload: JSON.stringify({ fatherName: 'x'.repeat(1_100_000) }), status: 413 },
];

const cases = (Object.keys(routes) as (keyof typeof routes)[]).flatMap((route) => bodies.map((c) => ({ ...c, route })));

describe('bad bodies on the step routes', () => {
  it.each(cases)('$route: $name → $status', async (c) => {
    const headers: Record<string, string> = { 'x-access-token': who[c.route]?.token ?? '' };
    if (c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
    const response = await t.app.inject({ method: 'POST', url: routes[c.route], payload: c.payload, headers });
    expect(response.statusCode).toBe(c.status);
    const body = response.json<ApiErrorBody>();
    expect(body.statusCode).toBe(c.status);
    expect(body.errorMessage).toBe(body.message);
    if (c.message) expect(body.message).toBe(c.message);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an object for a name', { ...validPersonalDetails, fatherName: { $ne: '' } }],
    ['a huge name', { ...validPersonalDetails, motherName: 'x'.repeat(100_000) }],
    ['a huge segment list', { ...validPersonalDetails, segments: Array.from({ length: 10_000 }, () => 'EQ') }],
    ['unicode control characters in an option', { ...validPersonalDetails, gender: 'Male\u202e' }],
    ['a string for the declaration', { ...validPersonalDetails, otherOptionsDeclaration: 'true' }],
  ])('personal details with %s → 400', async (_name, body) => {
    const response = await t.app.inject({ method: 'POST', url: routes.personal, payload: body, headers: { 'x-access-token': who.personal?.token ?? '' } });
    expect(response.statusCode).toBe(400);
  });

  it('confirm-pan refuses a body with properties, and malformed JSON', async () => {
    const headers = { 'x-access-token': who.pan?.token ?? '', 'content-type': 'application/json' };
    for (const payload of ['{"pan":"ABCPE1234F"}', '{', '[]']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/confirm-pan', payload, headers });
      expect(response.statusCode).toBe(400);
    }
  });
});
