import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplicationResponse, OpsReviewerResponse } from '../../../core/api/types';
import type { TestApp } from '../helpers';
import { addReviewer, bearer, opsCall, reviewApplicant, signInReviewer, startOpsApp } from '../ops-fixtures';

/** Reviewer accounts and what each role may do (issue 17). */

let t: TestApp;
let supervisor: string;
let reviewer: string;
let auditor: string;
beforeAll(async () => {
  t = await startOpsApp();
  supervisor = await signInReviewer(t, 'asha.supervisor@broker.test', 'supervisor');
  reviewer = await signInReviewer(t, 'ravi.reviewer@broker.test', 'reviewer');
  auditor = await signInReviewer(t, 'meena.auditor@broker.test', 'auditor');
});
afterAll(() => t.close());

const as = (token: string) => bearer(token);

describe('POST /api/ops/reviewers', () => {
  it('a supervisor adds a reviewer (201), names themselves as adder, and adding again changes the role (200)', async () => {
    const added = await opsCall<OpsReviewerResponse>(t, 'POST', '/api/ops/reviewers', { email: 'New.Person@Broker.TEST', role: 'reviewer' }, as(supervisor));
    expect(added.status).toBe(201);
    expect(added.body.reviewer).toEqual({
      email: 'new.person@broker.test',
      role: 'reviewer',
      active: true,
      addedBy: 'asha.supervisor@broker.test',
      addedAt: '2026-01-15T10:00:00.000Z',
      disabledAt: null,
      disabledBy: null,
    });
    const changed = await opsCall<OpsReviewerResponse>(t, 'POST', '/api/ops/reviewers', { email: 'new.person@broker.test', role: 'auditor' }, as(supervisor));
    expect({ status: changed.status, role: changed.body.reviewer.role }).toEqual({ status: 200, role: 'auditor' });
  });

  it.each([
    ['a role that does not exist', { email: 'x@broker.test', role: 'admin' }, 'role must be one of: reviewer, supervisor, auditor, editor, approver'],
    ['no role', { email: 'x@broker.test' }, 'role must be one of: reviewer, supervisor, auditor, editor, approver'],
    ['no email', { role: 'reviewer' }, 'email must be an email address'],
  ])('%s: 400', async (_name, body, message) => {
    const answer = await opsCall<{ message: string }>(t, 'POST', '/api/ops/reviewers', body);
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 400, message });
  });

  it('disabling: 404 for an unknown address, 409 for one\'s own account', async () => {
    expect((await opsCall(t, 'POST', '/api/ops/reviewers/disable', { email: 'nobody@broker.test' })).body).toMatchObject({ statusCode: 404, message: 'no reviewer with that email' });
    const own = await opsCall(t, 'POST', '/api/ops/reviewers/disable', { email: 'asha.supervisor@broker.test' }, as(supervisor));
    expect(own.body).toMatchObject({ statusCode: 409, message: 'you cannot disable your own account' });
  });
});

describe('roles', () => {
  it('a reviewer reads and decides, and the audit trail names them; managing reviewers is 403', async () => {
    const who = await reviewApplicant(t);
    expect((await opsCall(t, 'GET', `/api/ops/applications/${who.id}`, undefined, as(reviewer))).status).toBe(200);
    const decided = await opsCall(t, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'reject', rejectedSteps: { signature: 'The signature is blurred' } }, as(reviewer));
    expect(decided.status).toBe(200);
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`, undefined, as(auditor));
    expect(body.application.audit.map((entry) => [entry.actor, entry.action])).toEqual([
      ['ravi.reviewer@broker.test', 'reject'],
      ['ravi.reviewer@broker.test', 'email_sent'],
    ]);
    const refused = await opsCall(t, 'POST', '/api/ops/reviewers', { email: 'y@broker.test', role: 'reviewer' }, as(reviewer));
    expect(refused.body).toMatchObject({ statusCode: 403, message: 'the reviewer role may not do this' });
    expect((await opsCall(t, 'POST', '/api/ops/reviewers/disable', { email: 'meena.auditor@broker.test' }, as(reviewer))).status).toBe(403);
  });

  it('an auditor reads everything and decides nothing: 403 from the decision and re-KYC routes, and nothing changes', async () => {
    const who = await reviewApplicant(t);
    for (const url of [`/api/ops/applications/${who.id}`, '/api/ops/applications', '/api/ops/reviewers', '/api/ops/funnel']) {
      expect({ url, status: (await opsCall(t, 'GET', url, undefined, as(auditor))).status }).toEqual({ url, status: 200 });
    }
    const decision = await opsCall(t, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'approve' }, as(auditor));
    expect(decision.body).toMatchObject({ statusCode: 403, message: 'the auditor role may not do this' });
    expect((await opsCall(t, 'POST', `/api/ops/applications/${who.id}/rekyc`, {}, as(auditor))).status).toBe(403);
    expect((await opsCall(t, 'POST', '/api/ops/reviewers', { email: 'z@broker.test', role: 'auditor' }, as(auditor))).status).toBe(403);
    const after = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`, undefined, as(auditor));
    expect(after.body.application.user.nextStep).toBe('verification_pending');
    expect(after.body.application.audit).toEqual([]);
  });

  it('the role is read on every request: a reviewer made auditor stops deciding at once', async () => {
    const token = await signInReviewer(t, 'switch@broker.test', 'reviewer');
    const who = await reviewApplicant(t);
    await addReviewer(t, 'switch@broker.test', 'auditor');
    expect((await opsCall(t, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'approve' }, as(token))).status).toBe(403);
  });
});
