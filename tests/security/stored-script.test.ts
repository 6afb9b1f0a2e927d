import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../core/api/types';
import { validPersonalDetails } from '../fixtures/payloads';
import { type TestApp, auth, get, post, startTestApp } from '../server/helpers';
import { applicantAt } from '../server/step-fixtures';
import { upload } from './journey';

/**
 * Stored script is never rendered (issue 19): what an applicant types or uploads comes back as data (JSON, or a
 * file served as its own type and downloaded), never as a page a browser would run, and no address echoes it.
 */

const script = '<script>alert(1)</script>';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function expectData(headers: Record<string, unknown>, type: RegExp): void {
  expect(String(headers['content-type'])).toMatch(type);
  expect(headers['x-content-type-options']).toBe('nosniff');
  // Even a page that slipped through could run no inline script.
  expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
}

describe('stored script', () => {
  it('a name with <script> is stored as text and served back as JSON data', async () => {
    const who = await applicantAt(t, 'personal_details', {}, 'pan_image_upload');
    const saved = await post(t.app, '/api/user/personal-details', { ...validPersonalDetails, fatherName: script }, auth(who.token));
    expect(saved.statusCode).toBe(200);
    const answer = await get(t.app, '/api/user', auth(who.token));
    expectData(answer.headers, /^application\/json/);
    expect(answer.json<UserResponse>().user.fatherName).toBe(script);
    // A JSON string value, served as JSON: no browser renders it as markup.
    expect(answer.body).toContain(`"fatherName":"${script}"`);
  });

  it('a text file holding a page is served as text/plain, to download, never inline', async () => {
    const who = await applicantAt(t, 'modification', { signature: { reason: 'Unclear' } });
    const page = Buffer.from(`<!doctype html><html><body>${script}</body></html>\n`);
    const answer = await upload(t, who.token, '/api/user/modification/document', [
      { name: 'step', value: 'signature' },
      { name: 'data', filename: 'evil.html', contentType: 'text/html', data: page },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const documentId = (answer.json<StepSavedResponse>().user as unknown as { documentId: string }).documentId;
    const served = await get(t.app, `/api/user/documents/${documentId}`, auth(who.token));
    expectData(served.headers, /^text\/plain/);
    expect(served.headers['content-disposition']).toBe('attachment; filename="document.txt"');
  });

  it('an address holding a script is not echoed back', async () => {
    const who = await applicantAt(t, 'personal_details');
    for (const url of [`/api/user/documents/${encodeURIComponent(script)}`, `/api/${encodeURIComponent(script)}`, `/api/user/income-proof/${encodeURIComponent(script)}`]) {
      const answer = await get(t.app, url, auth(who.token));
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.body, url).not.toContain('<script');
      expect(String(answer.headers['content-type']), url).toMatch(/^application\/json/);
    }
  });
});
