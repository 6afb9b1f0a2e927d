import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ApplicationsOnNumber, SignInResponse } from '../../../core/api/types';
import { journey } from '../../../core/engine/flow';
import { messageText } from '../../../core/engine/message-codes';
import { defaultConfigDir, loadConfig } from '../../../server/config/load-config';
import { type TestApp, auth, get, latestCode, post, requestOtp, signIn, verifyOtp } from '../helpers';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { messagesOf } from '../language-fixtures';
import { setPanRecord } from '../step-fixtures';
import { withDb } from '../stored-records';

/**
 * Issue 30, one mobile number per client with the family exception: a spouse, dependent child or dependent parent
 * who shares the number opens an application of their own under it, declaring whose number it is (the relations the
 * config lists). Signing in with the OTP opens the holder's application; GET /api/applications lists every one on
 * the number, and each can be continued.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const { flow } = loadConfig(defaultConfigDir);
type EmailPages = { pages: Record<string, { options?: { familyRelations?: { relation: string; label: string; max?: number }[] } }> };
/** The relations as the email page lists them: the one list of whose contact it may be. */
const relationsIn = (...path: string[]) => (JSON.parse(readFileSync(join(defaultConfigDir, ...path, 'pages', 'email.json'), 'utf8')) as EmailPages).pages['/add-email']?.options?.familyRelations ?? [];
const relations = relationsIn();
const english = messagesOf(defaultConfigDir);
const hindi = messagesOf(defaultConfigDir, 'hi');
const listOf = async (token: string, headers: Record<string, string> = {}) =>
  (await get(t.app, '/api/applications', { headers: { ...auth(token).headers, ...headers } })).json<ApplicationsOnNumber>();

describe('a family member sharing the mobile number', () => {
  it('opens an application of their own with the declaration; each is continued from the list', async () => {
    const holder = await signIn(t);
    expect(holder.applicationsOnNumber).toBe(1);
    const alone = await listOf(holder.token);
    expect(alone.relations).toEqual(relations.map(({ relation, label }) => ({ relation, label })));
    expect(alone.applications).toEqual([
      expect.objectContaining({ name: null, relationLabel: null, submitted: false, current: true, nextStepTitle: flow.steps.find((step) => step.id === holder.user.nextStep)?.title }),
    ]);
    const holderId = alone.applications[0]!.id;
    await setPanRecord(t, holder.phone, { pan: 'ABCPK2345F', name: 'RAVI KUMAR', dateOfBirth: '15/08/1990' });

    const unknown = await post(t.app, '/api/applications/family', { relation: 'friend' }, auth(holder.token));
    expect({ status: unknown.statusCode, errors: unknown.json<{ errors: unknown }>().errors }).toEqual({
      status: 400,
      errors: { relation: [messageText(english, 'regulation.unknownMobileRelation')] },
    });

    const parent = relations.find((item) => item.relation === 'dependent_parent')!;
    const opened = await post(t.app, '/api/applications/family', { relation: parent.relation }, auth(holder.token));
    expect(opened.statusCode).toBe(200);
    const family = opened.json<SignInResponse>();
    // The OTP verified the number: the new application starts where the holder's did after signing in.
    expect(family.user.nextStep).toBe(journey(flow)[1]);
    // The session it was opened from has ended: one application per session.
    expect((await get(t.app, '/api/user', auth(holder.token))).statusCode).toBe(401);

    const both = await listOf(family.token);
    expect(both.applications.map(({ id, name, relationLabel, current }) => ({ id, name, relationLabel, current }))).toEqual([
      { id: holderId, name: 'RAVI KUMAR', relationLabel: null, current: false },
      { id: expect.any(String), name: null, relationLabel: parent.label, current: true },
    ]);
    const familyId = both.applications[1]!.id;
    const declarations = await withDb(t, (db) => db.selectFrom('contact_declarations').selectAll().where('user_id', '=', familyId).execute());
    expect(declarations).toEqual([expect.objectContaining({ channel: 'mobile', destination: holder.phone, relation: parent.relation, other_user_id: holderId })]);
    const rows = await withDb(t, (db) => db.selectFrom('users').select(['id', 'phone', 'family_of']).where('phone', '=', holder.phone).orderBy('created_at').execute());
    expect(rows.map(({ id, family_of }) => ({ id, family_of }))).toEqual(expect.arrayContaining([{ id: holderId, family_of: null }, { id: familyId, family_of: holderId }]));

    // The holder's name as their PAN record gives it (set before the family member's application exists under the number).
    // Signing in again opens the holder's; switching continues the family member's, and back.
    const again = await signIn(t, holder.phone);
    expect(again.applicationsOnNumber).toBe(2);
    expect((await listOf(again.token)).applications.find((item) => item.current)?.id).toBe(holderId);
    const switched = await post(t.app, '/api/applications/switch', { applicationId: familyId }, auth(again.token));
    expect(switched.statusCode).toBe(200);
    expect((await listOf(switched.json<SignInResponse>().token)).applications.find((item) => item.current)?.id).toBe(familyId);

    // The back office sees the declaration with the application it matches, masked.
    const listed = await opsCall<{ declarations: unknown[] }>(t, 'GET', `/api/ops/contact-declarations?applicationId=${familyId}`);
    expect(listed.body.declarations).toEqual([
      expect.objectContaining({ applicationId: familyId, channel: 'mobile', relation: parent.relation, relationLabel: parent.label, matches: expect.objectContaining({ applicationId: holderId }) }),
    ]);
  });

  it('another number\'s application is not found, and a second family member opens from the first\'s session', async () => {
    const stranger = await signIn(t);
    const strangerId = (await listOf(stranger.token)).applications[0]!.id;
    const holder = await signIn(t);
    const refused = await post(t.app, '/api/applications/switch', { applicationId: strangerId }, auth(holder.token));
    expect({ status: refused.statusCode, message: refused.json<ApiErrorBody>().message }).toEqual({ status: 404, message: messageText(english, 'regulation.applicationNotFound') });

    const spouse = (await post(t.app, '/api/applications/family', { relation: 'spouse' }, auth(holder.token))).json<SignInResponse>();
    const child = await post(t.app, '/api/applications/family', { relation: 'dependent_child' }, auth(spouse.token));
    expect(child.statusCode).toBe(200);
    const list = await listOf(child.json<SignInResponse>().token);
    const holderId = list.applications[0]!.id;
    expect(list.applications).toHaveLength(3);
    // Every family member's declaration names the holder's application, whoever's session opened it.
    const matched = await withDb(t, (db) => db.selectFrom('users').select('family_of').where('phone', '=', holder.phone).where('family_of', 'is not', null).execute());
    expect(matched.map((row) => row.family_of)).toEqual([holderId, holderId]);
  });

  it('signing up again on a shared number opens the holder\'s application, not a new one', async () => {
    const holder = await signIn(t);
    await post(t.app, '/api/applications/family', { relation: 'spouse' }, auth(holder.token));
    const token = await requestOtp(t.app, holder.phone);
    const response = await verifyOtp(t.app, holder.phone, token, await latestCode(t.app, holder.phone));
    const list = await listOf(response.json<SignInResponse>().token);
    expect(list.applications).toHaveLength(2);
    expect(list.applications[0]).toMatchObject({ current: true, relationLabel: null });
  });

  it("a relation's max (one spouse): the applications past it are refused, naming the relation, in either language", async () => {
    const limited = relations.find((item) => item.max !== undefined);
    // Compliance's rule in flow-config/pages/email.json: a number is one spouse's at most.
    expect(limited).toBeDefined();
    const { relation, max = 0 } = limited!;
    // Each opening signs into the new application (the session before it closes).
    let { token } = await signIn(t);
    for (let opened = 0; opened < max; opened += 1) {
      const response = await post(t.app, '/api/applications/family', { relation }, auth(token));
      expect(response.statusCode).toBe(200);
      token = response.json<SignInResponse>().token;
    }
    const refused = await post(t.app, '/api/applications/family', { relation }, auth(token));
    expect({ status: refused.statusCode, message: refused.json<ApiErrorBody>().message }).toEqual({
      status: 409,
      message: messageText(english, 'regulation.mobileRelationFull', { relation: limited!.label, max }),
    });
    const hindiLabel = relationsIn('languages', 'hi')[relations.indexOf(limited!)]!.label;
    const inHindi = await post(t.app, '/api/applications/family', { relation }, { headers: { ...auth(token).headers, 'accept-language': 'hi' } });
    expect(inHindi.json<ApiErrorBody>().message).toBe(messageText(hindi, 'regulation.mobileRelationFull', { relation: hindiLabel, max }));
    // Nothing was opened by the refusals; a relation without a max still opens.
    expect((await listOf(token)).applications).toHaveLength(1 + max);
    const unlimited = relations.find((item) => item.max === undefined);
    if (unlimited) expect((await post(t.app, '/api/applications/family', { relation: unlimited.relation }, auth(token))).statusCode).toBe(200);
  });

  it('in Hindi: the relations and the refusal', async () => {
    const holder = await signIn(t);
    const list = await listOf(holder.token, { 'accept-language': 'hi' });
    expect(list.relations.map((item) => item.label)).toEqual(relationsIn('languages', 'hi').map((item) => item.label));
    const refused = await post(t.app, '/api/applications/family', { relation: 'friend' }, { headers: { ...auth(holder.token).headers, 'accept-language': 'hi' } });
    expect(refused.json<{ errors: unknown }>().errors).toEqual({ relation: [messageText(hindi, 'regulation.unknownMobileRelation')] });
  });
});
