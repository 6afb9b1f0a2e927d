import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { continueRoute, stepAfter } from '../../core/engine/flow';
import { loadConfig } from '../../server/config/load-config';
import { readmeRoute, readmeStepAfter, readmeStepId, withReadmeStep } from '../fixtures/readme-step';
import { openBrowser, type BrowserSession } from './browser';
import { setProgress, startServerWithDb, storedByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

/**
 * The example step of flow-config/README.md in a real browser: the client is built from a temporary config that
 * adds the step (schema, page, flow.json line), and the server runs on the same config. No code knows the step.
 */

let env: ServerWithDb;
let browser: BrowserSession;
let made: string[] = [];
/** The step after the README's step in the temporary flow and the route it lands on. */
let after = { step: '', route: '' };

beforeAll(async () => {
  const { configDir, stepSchemasDir } = withReadmeStep();
  const staticDir = join(mkdtempSync(join(tmpdir(), 'onboard-readme-step-build-')), 'dist');
  made = [dirname(configDir), dirname(dirname(stepSchemasDir)), dirname(staticDir)];
  const { flow } = loadConfig(configDir, { stepSchemasDir });
  const step = stepAfter(flow, readmeStepId)!;
  after = { step, route: continueRoute(flow, step) };
  execFileSync('npx', ['vite', 'build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, ONBOARD_CONFIG_DIR: configDir, ONBOARD_STEP_SCHEMAS_DIR: stepSchemasDir },
    stdio: 'inherit',
  });
  env = await startServerWithDb({ configDir, stepSchemasDir, staticDir, bank: { branchSnapshot: false } });
  browser = await openBrowser({ width: 390, height: 844 });
}, 300_000); // A whole client build: about a minute on an idle 2-core machine, past two when it is busy.

afterAll(async () => {
  await browser?.close();
  await env?.close();
  made.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

it('an applicant meets the new step on the Resume screen, answers it and moves on to the step after it', async () => {
  const { page } = browser;
  const phone = '9876507788';
  await signedInThroughApi(page, env.server, phone, 'farah.khan@example.in');
  await setProgress(env.db, phone, { currentStep: readmeStepAfter, nextStep: readmeStepId });

  await page.goto(`${env.server.url}/`);
  await page.getByTestId('next-step').getByText('Other Accounts').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**${readmeRoute}`);
  await page.getByRole('heading', { level: 1, name: 'Other Trading Accounts' }).waitFor();

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Tell us whether you hold a demat account with another broker').waitFor();

  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel("Broker's name").fill('Example Securities');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Saved your other accounts!').waitFor();
  await page.waitForURL(`**${after.route}`);

  const saved = await storedByPhone(env.db, phone);
  expect(saved.row).toMatchObject({ current_step: readmeStepId, next_step: after.step });
  expect(saved.steps[readmeStepId]).toEqual({ hasOtherDematAccount: true, otherBroker: 'Example Securities' });
  expect(browser.cspViolations).toEqual([]);
});
