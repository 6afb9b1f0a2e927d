import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpsApplicationResponse, StepSavedResponse, UserResponse } from '../../../core/api/types';
import { createDatabase } from '../../../server/db/database';
import { releaseWorkingConfig } from '../../../server/releases/release-command';
import { readmeBlock, readmeFiles, readmeRoute, readmeStepAfter, readmeStepId, shipsReadmeStep, withReadmeStep } from '../../fixtures/readme-step';
import { validPersonalDetails } from '../../fixtures/payloads';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { type Applicant, applicantAt, expectFields, send } from '../step-fixtures';

/**
 * Issue 29: each application is served by the config release it is pinned to. Release 2 adds the README's question
 * step after tax residency and removes an occupation and a country from their lists. In one running server, an
 * applicant on release 1 goes on in release 1's order and may still choose the removed options; an applicant who signs
 * up after release 2 is asked the new step and refused the removed options, with the schema's messages.
 */

const removedCountry = 'Singapore';
const removedOccupation = 'Agriculturist';
const taxResidency = '/api/user/step/tax_residency';
const newStep = `/api/user/step/${readmeStepId}`;
const bornIn = (countryOfBirth: string) => ({ taxResidentOutsideIndia: false, placeOfBirth: 'Mumbai', countryOfBirth });

function withoutOption(listFile: string, translatedFile: string, option: string): void {
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as { enum: string[] };
  writeFileSync(listFile, JSON.stringify({ ...list, enum: list.enum.filter((item) => item !== option) }, null, 2));
  const translated = JSON.parse(readFileSync(translatedFile, 'utf8')) as { labels: Record<string, string> };
  delete translated.labels[option];
  writeFileSync(translatedFile, JSON.stringify(translated, null, 2));
}

/** Release 2's files: the README's step after tax residency, one country and one occupation fewer. */
function releaseTwoConfig(): { configDir: string; stepSchemasDir: string } {
  const copy = withReadmeStep();
  const lists = join(copy.stepSchemasDir, '..', 'lists');
  const hindiLists = join(copy.configDir, 'languages', 'hi', 'lists');
  withoutOption(join(lists, 'countries.json'), join(hindiLists, 'countries.json'), removedCountry);
  withoutOption(join(lists, 'occupation.json'), join(hindiLists, 'occupation.json'), removedOccupation);
  return copy;
}

async function rowOf(t: TestApp, who: Applicant) {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await db.selectFrom('users').select(['id', 'config_release']).where('phone', '=', who.phone).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}
const releaseOf = async (t: TestApp, who: Applicant) => (await rowOf(t, who)).config_release;
const userIdOf = async (t: TestApp, who: Applicant) => (await rowOf(t, who)).id;

async function nextStepOf(t: TestApp, who: Applicant): Promise<string | null> {
  const response = await get(t.app, '/api/user', auth(who.token));
  expect(response.statusCode).toBe(200);
  return response.json<UserResponse>().user.nextStep;
}

async function saved(t: TestApp, who: Applicant, url: string, body: unknown): Promise<string | null> {
  const answer = await send<StepSavedResponse>(t, who, url, body);
  expect(answer.status).toBe(200);
  return answer.body.user.nextStep;
}

// Closed newest first: a server started on another's database closes before that database is dropped.
const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});

// Release 2 is built by adding the README's step to the config the tests run on.
describe.skipIf(shipsReadmeStep())('each application is served by the config release it is pinned to', () => {
  it('a server on release 1 files: an applicant of release 1 keeps its order and options, one who signs up after release 2 gets the new step and loses the removed options', async () => {
    const t = await startOpsApp();
    apps.push(t);
    // A: half-way on release 1 (past personal details), and one more still at personal details.
    const a = await applicantAt(t, 'tax_residency', {}, 'personal_details');
    const aAtPersonal = await applicantAt(t, 'personal_details');
    const release2 = releaseTwoConfig();
    const made = await releaseWorkingConfig({ ...release2, dataDir: t.dir, databaseUrl: t.databaseUrl, createdBy: 'compliance@broker.in', now: t.clock.now });
    expect(made).toMatchObject({ created: true, release: { number: 2 } });
    // B: signs up after release 2, and reaches the same point.
    const b = await applicantAt(t, 'tax_residency', {}, 'personal_details');
    const bAtPersonal = await applicantAt(t, 'personal_details');
    expect([await releaseOf(t, a), await releaseOf(t, aAtPersonal), await releaseOf(t, b), await releaseOf(t, bAtPersonal)]).toEqual([1, 1, 2, 2]);

    // The option release 2 removed: refused for B with the schema's message, accepted for A.
    await expectFields(t, b, taxResidency, bornIn(removedCountry), { countryOfBirth: ['Choose your country of birth'] });
    await expectFields(t, bAtPersonal, '/api/user/personal-details', { ...validPersonalDetails, occupation: removedOccupation }, { occupation: ['Occupation is required'] });
    expect(await saved(t, aAtPersonal, '/api/user/personal-details', { ...validPersonalDetails, occupation: removedOccupation })).toBe('tax_residency');

    // Release 1's order for A: tax residency, then bank details; release 2's step is not A's to answer.
    expect(await saved(t, a, taxResidency, bornIn(removedCountry))).toBe('bank_details');
    expect(await nextStepOf(t, a)).toBe('bank_details');
    expect((await send(t, a, newStep, { hasOtherDematAccount: false })).status).toBe(404);

    // Release 2's order for B: the new step comes after tax residency, then bank details.
    expect(readmeStepAfter).toBe('tax_residency');
    expect(await saved(t, b, taxResidency, bornIn('India'))).toBe(readmeStepId);
    expect(await nextStepOf(t, b)).toBe(readmeStepId);
    await expectFields(t, b, newStep, {}, { hasOtherDematAccount: ['Tell us whether you hold a demat account with another broker'] });
    expect(await saved(t, b, newStep, { hasOtherDematAccount: false })).toBe('bank_details');

    // The back office reads B's application as release 2 has it: the new step titled and labelled, in its order.
    const { status, body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${await userIdOf(t, b)}`);
    expect(status).toBe(200);
    const steps = body.application.answers.map(({ step }) => step);
    expect(steps.slice(steps.indexOf('tax_residency'))).toEqual(['tax_residency', readmeStepId]);
    const { title } = readmeBlock('step') as { title: string };
    const page = readmeFiles().page as { pages: Record<string, { copy: Record<string, string> }> };
    const label = page.pages[readmeRoute]?.copy['hasOtherDematAccount.label'];
    expect(body.application.answers.find(({ step }) => step === readmeStepId)).toMatchObject({ title, answers: [{ field: 'hasOtherDematAccount', label, value: 'No' }] });
  });

  it('a server deployed with release 2 files: an applicant of release 1 still goes on in release 1 order, with its options', async () => {
    const t = await startTestApp();
    apps.push(t);
    const a = await applicantAt(t, 'tax_residency', {}, 'personal_details');
    const release2 = releaseTwoConfig();
    await releaseWorkingConfig({ ...release2, dataDir: t.dir, databaseUrl: t.databaseUrl, createdBy: 'compliance@broker.in', now: t.clock.now });
    // Deployed: a server on the same database whose working files are release 2's; A is still pinned to release 1.
    const started = await startTestApp({ dataDir: t.dir, ...(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {}), configDir: release2.configDir, stepSchemasDir: release2.stepSchemasDir, clock: () => t.clock.now });
    apps.push(started);
    const deployed: TestApp = { ...started, dir: t.dir, databaseUrl: t.databaseUrl };
    const b = await applicantAt(deployed, 'tax_residency', {}, 'personal_details');
    expect([await releaseOf(deployed, a), await releaseOf(deployed, b)]).toEqual([1, 2]);

    expect(await saved(deployed, a, taxResidency, bornIn(removedCountry))).toBe('bank_details');
    expect((await send(deployed, a, newStep, { hasOtherDematAccount: false })).status).toBe(404);
    await expectFields(deployed, b, taxResidency, bornIn(removedCountry), { countryOfBirth: ['Choose your country of birth'] });
    expect(await saved(deployed, b, taxResidency, bornIn('India'))).toBe(readmeStepId);
  });
});
