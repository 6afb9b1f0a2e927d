import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, OpsApplicationList, OpsApplicationResponse } from '../../../core/api/types';
import { simulatedName as sandboxPanName } from '../../../server/providers/kra/simulated-kra';
import type { TestApp } from '../helpers';
import { decide, opsCall, reviewApplicant, startOpsApp } from '../ops-fixtures';
import { validPersonalDetails } from '../step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const list = (query = '') => opsCall<OpsApplicationList>(t, 'GET', `/api/ops/applications${query}`);
const show = (id: string) => opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);

describe('GET /api/ops/applications', () => {
  it('lists applicants of a status with id, masked phone, name and step', async () => {
    const pending = await reviewApplicant(t);
    const verified = await reviewApplicant(t, 'verified');
    const { status, body } = await list('?status=verification_pending');
    expect(status).toBe(200);
    const row = body.applications.find((application) => application.id === pending.id);
    expect(row).toMatchObject({
      phone: `${pending.phone.slice(0, 2)}XXXXXX${pending.phone.slice(-2)}`,
      step: 'verification_pending',
    });
    expect(row?.name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(body.applications.every((application) => application.step === 'verification_pending')).toBe(true);
    expect(body.applications.some((application) => application.id === verified.id)).toBe(false);
    expect(JSON.stringify(body)).not.toContain(pending.phone);
  });

  it('pages: limit and offset, with the total that matches', async () => {
    for (let i = 0; i < 3; i += 1) await reviewApplicant(t, 'user_setup');
    const first = (await list('?status=user_setup&limit=2')).body;
    const second = (await list('?status=user_setup&limit=2&offset=2')).body;
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(first.applications).toHaveLength(2);
    expect(second.applications).toHaveLength(1);
    expect(new Set([...first.applications, ...second.applications].map((a) => a.id)).size).toBe(3);
    const all = (await list()).body;
    expect(all.limit).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['?status=nonsense', "unknown status 'nonsense'"],
    ['?limit=0', 'querystring.limit must be >= 1'],
    ['?limit=101', 'querystring.limit must be <= 100'],
    ['?offset=-1', 'querystring.offset must be >= 0'],
    ['?limit=ten', 'querystring.limit must be integer'],
    ['?sort=name', "querystring has an unknown property 'sort'"],
  ])('%s: 400 %s', async (query, message) => {
    const { status, body } = await opsCall<ApiErrorBody>(t, 'GET', `/api/ops/applications${query}`);
    expect({ status, message: body.message }).toEqual({ status: 400, message });
  });
});

describe('GET /api/ops/applications/{id}', () => {
  it('gives the user record, every step document, documents and the audit trail', async () => {
    const who = await reviewApplicant(t);
    await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Father name mismatch' } });
    const { status, body } = await show(who.id);
    expect(status).toBe(200);
    const { user, steps, documents, audit } = body.application;
    expect(user).toMatchObject({ id: who.id, phone: who.phone, email: who.email, nextStep: 'modification', gender: 'Male' });
    expect(user.rejectedSteps).toEqual({ personal_details: { reason: 'Father name mismatch' } });
    expect(steps.personal_details).toMatchObject({ ...validPersonalDetails });
    expect(steps.pan_verification).toMatchObject({ pan: user.pan, name: sandboxPanName(user.pan ?? '') });
    expect(documents).toEqual([]);
    expect(audit.map((entry) => entry.action)).toEqual(['reject', 'email_sent']);
    expect(audit[0]).toEqual({
      at: '2026-01-15T10:00:00.000Z',
      actor: 'ops-token',
      action: 'reject',
      fromStep: 'verification_pending',
      toStep: 'modification',
      reasons: { personal_details: 'Father name mismatch' },
      note: null,
    });
  });

  it.each([
    ['an unknown id', '00000000-0000-0000-0000-000000000000', 404, 'application not found'],
    ['an over-long id', 'x'.repeat(65), 400, 'params.id must NOT have more than 64 characters'],
  ])('%s: %i', async (_name, id, status, message) => {
    const answer = await opsCall<ApiErrorBody>(t, 'GET', `/api/ops/applications/${id}`);
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message });
  });
});
