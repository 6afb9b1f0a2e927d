import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { continueRoute, stepAfter } from '../../core/engine/flow';
import { defaultConfigDir, loadConfig } from '../../server/config/load-config';
import { releaseCookieName } from '../../server/releases/client-releases';
import { releaseWorkingConfig } from '../../server/releases/release-command';
import { snapshotConfig } from '../../server/releases/snapshot';
import { defaultStepSchemasDir } from '../../server/validation/step-validators';
import { readmeRoute, readmeStepAfter, readmeStepId, withReadmeStep } from '../fixtures/readme-step';
import { openBrowser, type BrowserSession } from './browser';
import { setProgress, startServerWithDb, storedByPhone, userByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';
import { builtClientDir } from './server';

/**
 * Issue 29: each applicant's browser gets their config release's pages, schemas and validators, from one running
 * server. Release 1 is the repository's config (the server's own build); release 2 adds the example step of
 * flow-config/README.md (a schema, a page, a flow.json line: no code) and is made as `npm run config:release` makes
 * it, its client built beside the server's. An applicant half-way on release 1 keeps release 1's flow in their
 * browser; a new applicant meets the new step, answers it and moves on.
 */

let env: ServerWithDb;
let first: BrowserSession;
let second: BrowserSession;
let clients = '';
const made: string[] = [];
const serverBuild = builtClientDir;

beforeAll(async () => {
  clients = mkdtempSync(join(tmpdir(), 'onboard-release-clients-'));
  made.push(clients);
  env = await startServerWithDb({ clientReleasesDir: clients, bank: { branchSnapshot: false } });
  first = await openBrowser({ width: 390, height: 844 });
  second = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await env?.close();
  made.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** N of "{done} of {N} steps" on the Resume screen: how many steps the browser's release has. */
const totalSteps = (progress: string | null) => Number(/of (\d+) steps/.exec(progress ?? '')?.[1]);

const releaseCookie = async (session: BrowserSession) => (await session.context.cookies()).find(({ name }) => name === releaseCookieName)?.value;

it("an applicant half-way keeps release 1's flow in their browser; after release 2 adds a step, a new applicant's browser has it", async () => {
  // Release 1: the server's own config and build. The first applicant signs up on it and gets as far as the step
  // release 2 will add a step after.
  const flow1 = loadConfig(defaultConfigDir).flow;
  const release1 = snapshotConfig(defaultConfigDir, defaultStepSchemasDir).hash;
  const early = '9876507701';
  await signedInThroughApi(first.page, env.server, early, 'meera.iyer@example.in');
  expect(await releaseCookie(first)).toBe(release1);
  const release1Next = stepAfter(flow1, readmeStepAfter)!;
  await setProgress(env.db, early, { currentStep: readmeStepAfter, nextStep: release1Next });

  // Release 2, made and built as `npm run config:release` does, beside the running server.
  const { configDir, stepSchemasDir } = withReadmeStep();
  made.push(dirname(configDir), dirname(dirname(stepSchemasDir)));
  const released = await releaseWorkingConfig({
    configDir,
    stepSchemasDir,
    dataDir: env.dataDir,
    createdBy: 'product@broker.in',
    now: Date.now(),
    client: { root: clients, serverBuild },
  });
  expect(released).toMatchObject({ created: true, release: { number: 2 }, client: { status: 'built' } });
  const flow2 = loadConfig(configDir, { stepSchemasDir }).flow;
  const after = { step: stepAfter(flow2, readmeStepId)!, route: '' };
  after.route = continueRoute(flow2, after.step);

  // A new applicant starts on release 2 and their browser has its new step: its page, its schema, its validators.
  const late = '9876507788';
  await signedInThroughApi(second.page, env.server, late, 'farah.khan@example.in');
  expect((await userByPhone(env.db, late)).config_release).toBe(2);
  expect(await releaseCookie(second)).toBe(released.release.hash);
  await setProgress(env.db, late, { currentStep: readmeStepAfter, nextStep: readmeStepId });
  const { page } = second;
  await page.goto(`${env.server.url}/`);
  await page.getByTestId('next-step').getByText('Other Accounts').waitFor();
  const release2Total = totalSteps(await page.locator('.resume-progress').textContent());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**${readmeRoute}`);
  await page.getByRole('heading', { level: 1, name: 'Other Trading Accounts' }).waitFor();
  // The release's precompiled validators check the step in the browser before anything is sent.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Tell us whether you hold a demat account with another broker').waitFor();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel("Broker's name").fill('Example Securities');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Saved your other accounts!').waitFor();
  await page.waitForURL(`**${after.route}`);
  const saved = await storedByPhone(env.db, late);
  expect(saved.row).toMatchObject({ current_step: readmeStepId, next_step: after.step });
  expect(saved.steps[readmeStepId]).toEqual({ hasOtherDematAccount: true, otherBroker: 'Example Securities' });

  // The first applicant comes back in the same server: their browser keeps release 1's flow, without the new step.
  const { page: earlyPage } = first;
  await earlyPage.goto(`${env.server.url}/`);
  const next = earlyPage.getByTestId('next-step');
  const release1Title = flow1.steps.find((step) => step.id === release1Next)!.title;
  await next.getByText(release1Title).waitFor();
  expect(await earlyPage.getByText('Other Accounts').count()).toBe(0);
  const release1Progress = await earlyPage.locator('.resume-progress').textContent();
  expect(totalSteps(release1Progress)).toBe(release2Total - 1);
  await earlyPage.getByRole('button', { name: 'Continue' }).click();
  await earlyPage.waitForURL(`**${continueRoute(flow1, release1Next)}`);
  expect((await userByPhone(env.db, early)).config_release).toBe(1);
  expect(await releaseCookie(first)).toBe(release1);

  // On a new device (no cookie) the first page is the newest release's; once the app has loaded the applicant, the
  // cookie names release 1 and the app loads the page again, as release 1's.
  await first.context.clearCookies();
  await earlyPage.goto(`${env.server.url}/`);
  await earlyPage.locator('.resume-progress').getByText(release1Progress!).waitFor();
  await next.getByText(release1Title).waitFor();
  expect(await releaseCookie(first)).toBe(release1);

  expect(first.cspViolations).toEqual([]);
  expect(second.cspViolations).toEqual([]);
}, 300_000); // A whole client build: about a minute on an idle 2-core machine, past two when it is busy.
