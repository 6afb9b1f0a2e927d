import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { messageText } from '../../../core/engine/message-codes';
import { defaultConfigDir } from '../../../server/config/load-config';
import { type TestApp, auth, latestCode, post, signIn } from '../helpers';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { addEmailAndVerify } from '../email-helpers';
import { messagesOf } from '../language-fixtures';
import { userIdOf, withDb } from '../stored-records';

/**
 * Issue 30, one mobile number and one email per client (the exchanges' UCC rules): an email another application has
 * verified is refused with a clear message, unless the applicant declares whose it is (a family member, from the
 * email page's familyRelations); the declaration is stored with the application it matches.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const hindi = messagesOf(defaultConfigDir, 'hi');
const inUse =
  'This email is already verified on another application. Each client needs an email of their own: use yours, or, if this one belongs to your spouse, dependent child or dependent parent, say so below.';

describe('an email already verified by another application', () => {
  it('is refused; declared as a spouse\'s, it is verified, and the declaration names the application it matches', async () => {
    const first = await signIn(t);
    await addEmailAndVerify(t, first.token, 'shared.family@example.in');
    const second = await signIn(t);
    // The same address in other letters is the same inbox.
    const refused = await post(t.app, '/api/user/add-email', { email: 'Shared.Family@example.in' }, auth(second.token));
    expect({ status: refused.statusCode, body: refused.json<ApiErrorBody>() }).toMatchObject({ status: 409, body: { message: inUse, code: 'regulation.emailInUse' } });

    const unknown = await post(t.app, '/api/user/add-email', { email: 'shared.family@example.in', familyRelation: 'friend' }, auth(second.token));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({ familyRelation: ['Choose whose email this is'] });

    // Asked for the code without the declaration: nothing sent to the first applicant's inbox.
    const declared = await post(t.app, '/api/user/add-email', { email: 'shared.family@example.in', familyRelation: 'spouse' }, auth(second.token));
    expect(declared.statusCode).toBe(200);
    const otp = await latestCode(t.app, 'shared.family@example.in');
    expect((await post(t.app, '/api/user/verify-email', { email: 'shared.family@example.in', otp }, auth(second.token))).statusCode).toBe(200);

    const [firstId, secondId] = [await userIdOf(t, first), await userIdOf(t, second)];
    const rows = await withDb(t, (db) => db.selectFrom('contact_declarations').selectAll().where('user_id', '=', secondId).execute());
    expect(rows).toEqual([expect.objectContaining({ channel: 'email', destination: 'shared.family@example.in', relation: 'spouse', other_user_id: firstId })]);
    // Both applicants' records: each has the address; only the second made a declaration.
    const emails = await withDb(t, (db) => db.selectFrom('users').select(['id', 'email']).where('id', 'in', [firstId, secondId]).execute());
    expect(emails.map((row) => row.email)).toEqual(['shared.family@example.in', 'shared.family@example.in']);
    expect(await withDb(t, (db) => db.selectFrom('contact_declarations').selectAll().where('user_id', '=', firstId).execute())).toEqual([]);

    // The back office: the declaring application, filtered, with the one it matches, masked.
    const listed = await opsCall<{ declarations: unknown[] }>(t, 'GET', `/api/ops/contact-declarations?applicationId=${secondId}`);
    expect(listed.body.declarations).toEqual([
      {
        applicationId: secondId,
        phone: `${second.phone.slice(0, 2)}XXXXXX${second.phone.slice(-2)}`,
        channel: 'email',
        destination: 'sh***@example.in',
        relation: 'spouse',
        relationLabel: 'My spouse',
        declaredAt: new Date(t.clock.now).toISOString(),
        matches: { applicationId: firstId, phone: `${first.phone.slice(0, 2)}XXXXXX${first.phone.slice(-2)}`, status: 'pan_verification' },
      },
    ]);
    const all = await opsCall<{ declarations: { applicationId: string }[] }>(t, 'GET', '/api/ops/contact-declarations');
    expect(all.body.declarations.map((row) => row.applicationId)).toContain(secondId);
    expect(all.body.declarations.map((row) => row.applicationId)).not.toContain(firstId);
  });

  it('an address verified by another application after the code was sent is refused at verification', async () => {
    const late = await signIn(t);
    expect((await post(t.app, '/api/user/add-email', { email: 'race@example.in' }, auth(late.token))).statusCode).toBe(200);
    const otp = await latestCode(t.app, 'race@example.in');
    const other = await signIn(t);
    await addEmailAndVerify(t, other.token, 'race@example.in');
    const refused = await post(t.app, '/api/user/verify-email', { email: 'race@example.in', otp }, auth(late.token));
    expect({ status: refused.statusCode, message: refused.json<ApiErrorBody>().message }).toEqual({ status: 409, message: inUse });
  });

  it("a relation's max: an email is one applicant's spouse's at most; the same applicant declaring it again is not refused", async () => {
    const first = await signIn(t);
    await addEmailAndVerify(t, first.token, 'one.spouse@example.in');
    const second = await signIn(t);
    const declare = (token: string) => post(t.app, '/api/user/add-email', { email: 'one.spouse@example.in', familyRelation: 'spouse' }, auth(token));
    expect((await declare(second.token)).statusCode).toBe(200);
    // A new code asked for after the resend wait: its own declaration does not count against it.
    t.clock.advance(10 * 60_000);
    expect((await declare(second.token)).statusCode).toBe(200);
    const third = await signIn(t);
    const refused = await declare(third.token);
    expect({ status: refused.statusCode, body: refused.json<ApiErrorBody>() }).toMatchObject({
      status: 409,
      body: { code: 'regulation.emailRelationFull', message: 'This email is already declared as “My spouse” on as many applications as allowed (1)' },
    });
    expect((await post(t.app, '/api/user/add-email', { email: 'one.spouse@example.in', familyRelation: 'dependent_child' }, auth(third.token))).statusCode).toBe(200);
  });

  it('in Hindi', async () => {
    const first = await signIn(t);
    await addEmailAndVerify(t, first.token, 'hindi.family@example.in');
    const second = await signIn(t);
    const refused = await post(t.app, '/api/user/add-email', { email: 'hindi.family@example.in' }, { headers: { ...auth(second.token).headers, 'accept-language': 'hi' } });
    expect(refused.json<ApiErrorBody>().message).toBe(messageText(hindi, 'regulation.emailInUse'));
  });
});
