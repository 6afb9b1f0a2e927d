import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../../core/api/types';
import { isFormPage, mergePages } from '../../../core/engine/config-types';
import { loadConfig } from '../../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { declaration } from '../nominee-payloads';
import { stepAnswersOf } from '../stored-records';
import { applicantAt, expectFields, send, validPersonalDetails } from '../step-fixtures';

/**
 * No consent comes pre-ticked: each declaration is the applicant's own answer, refused when missing, and stored with
 * the time it was given (the step document's declaredAt), which the user record never offers back.
 */

const bundle = loadConfig();
const optOut = (() => {
  const page = mergePages(bundle)['/add-nominee'];
  return page && isFormPage(page) ? page.form.skip?.declaration : undefined;
})();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const iso = () => new Date(t.clock.now).toISOString();

describe('personal details: the other options and the F&O risk acknowledgement', () => {
  it('are stored with their time; a second save with the same answers keeps the first time', async () => {
    const who = await applicantAt(t, 'personal_details');
    const first = iso();
    expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
    const stored = (await stepAnswersOf(t, who)).personal_details;
    expect(stored).toMatchObject({ otherOptionsDeclaration: true, fnoRiskAcknowledged: true, declaredAt: { otherOptionsDeclaration: first, fnoRiskAcknowledged: first } });
    t.clock.advance(60_000);
    await send(t, who, '/api/user/personal-details', { ...validPersonalDetails, occupation: 'Business' });
    expect((await stepAnswersOf(t, who)).personal_details?.declaredAt).toEqual({ otherOptionsDeclaration: first, fnoRiskAcknowledged: first });
    const me = (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
    expect(me).not.toHaveProperty('declaredAt');
    expect(me).not.toHaveProperty('fnoRiskAcknowledged');
  });
});

describe('POST /api/user/declaration: Indian citizen, regulatory action, politically exposed', () => {
  it('each must be answered: none is assumed', async () => {
    const who = await applicantAt(t, 'declaration');
    await expectFields(t, who, '/api/user/declaration', { settlementTimeFrame: 90, contractNotePreference: 'electronic' }, {
      nri: ['Tick the box to confirm that you are an Indian citizen'],
      politicallyExposed: ['Tell us whether you are politically exposed'],
      regulatoryActions: ['Tell us about regulatory actions in the last 3 years'],
    });
  });

  it('the values once ticked are the spec\'s; an NRI is refused with the spec\'s message', async () => {
    const who = await applicantAt(t, 'declaration');
    await expectFields(t, who, '/api/user/declaration', { ...declaration, nri: true }, { nri: ['We can onboard Indian citizens only: NRIs cannot be onboarded'] });
    const saved = await send<StepSavedResponse>(t, who, '/api/user/declaration', declaration);
    expect(saved.status).toBe(200);
    const at = iso();
    expect((await stepAnswersOf(t, who)).declaration).toMatchObject({ ...declaration, declaredAt: { nri: at, regulatoryActions: at, politicallyExposed: at } });
  });
});

describe('POST /user/skip-nominee: nominating or opting out', () => {
  it('keeps its contract (no body) and stores the opt-out declaration from config, word for word, with its time', async () => {
    expect(optOut?.text).toMatch(/^I\/We hereby confirm that I\/We do not wish to appoint any nominee/);
    const who = await applicantAt(t, 'nominee', {}, 'signature');
    const skipped = await send<StepSavedResponse>(t, who, '/api/user/skip-nominee', undefined);
    expect(skipped.status).toBe(200);
    expect(skipped.body.message).toBe('Nominee Details Skipped!');
    expect((await stepAnswersOf(t, who)).nominee).toEqual({
      skipped: true,
      skipDeclaration: { title: optOut?.title, text: optOut?.text },
      declaredAt: { skipDeclaration: iso() },
      // Issue 29: what it was declared to (the config release, the language, the hash of the words shown).
      declaredText: { skipDeclaration: { release: 1, language: 'en', textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      // Issue 30 (SEBI, 2025): how the opt-out is verified (eSign as shipped), and its acknowledgement.
      optOutVerifiedBy: 'esign',
      nominationReference: expect.stringMatching(/^NOM-[0-9]{8}-[0-9]{6}$/),
      nominationAcknowledgedAt: iso(),
    });
  });
});
