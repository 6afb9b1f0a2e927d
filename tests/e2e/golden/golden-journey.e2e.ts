import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, settled, type BrowserSession, type Page } from '../browser';
import { startServerWithDb, storedByPhone, type ServerWithDb } from '../fixtures';
import * as step from './steps';

/**
 * The golden journeys (issue 11): a brand-new applicant from /login to 'KYC Verification Pending' through every
 * step of flow.json, by what a person sees, with only the sandbox providers; once per viewport, sharing nothing.
 * axe-core runs on every screen on the way: no serious or critical violation anywhere.
 */

interface Violation {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function accessibility(page: Page, route: string, found: Violation[]): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    found.push({ route, rule: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`) });
  }
}

// On the phone the applicant opts out of nominating (SEBI's declaration, then signed at eSign); on the desktop they nominate.
describe.each([
  ['a phone', { width: 390, height: 844 }, { phone: '9876515001', email: 'ananya.iyer@example.in', pan: 'ABCPI4321K' }, step.nomineeOptOut],
  ['a desktop', { width: 1366, height: 768 }, { phone: '9876515002', email: 'vikram.iyer@example.in', pan: 'ABCPI8765L' }, step.nominee],
])('the golden journey on %s', (_name, viewport, who, nominee) => {
  let env: ServerWithDb;
  let browser: BrowserSession;

  beforeAll(async () => {
    // Its own server and database: no state shared with any other test.
    env = await startServerWithDb({ bank: { branchSnapshot: false } });
    browser = await openBrowser({ ...viewport, camera: true });
  });

  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  it("from /login to 'KYC Verification Pending' through every step, with no serious accessibility problem", { timeout: 180_000 }, async () => {
    const { page } = browser;
    const violations: Violation[] = [];
    const seen: step.Seen = (route) => accessibility(page, route, violations);

    await step.signIn(page, env.server, who, seen);
    await step.verifyPan(page, who, seen);
    await step.kyc(page, seen);
    await step.panImage(page, seen);
    await step.personalDetails(page, seen);
    await step.taxResidency(page, seen);
    await step.bankByUpi(page, seen);
    await step.selfie(page, seen);
    await step.declarationAndSignature(page, seen);
    await nominee(page, seen);
    await step.incomeProofByAggregator(page, seen);
    await step.esign(page, seen);
    await step.pending(page, seen);

    const { row, steps } = await storedByPhone(env.db, who.phone);
    expect(row.next_step).toBe('verification_pending');
    expect(steps.tax_residency).toEqual({ taxResidentOutsideIndia: false, placeOfBirth: 'Chennai', countryOfBirth: 'India' });
    expect(steps.personal_details).toMatchObject({ fnoRiskAcknowledged: true, declaredAt: { fnoRiskAcknowledged: expect.any(String) } });
    if (nominee === step.nomineeOptOut) expect(steps.nominee).toMatchObject({ skipped: true, skipDeclaration: { title: 'I do not wish to nominate' } });
    // The nominee's Aadhaar number, typed in full, is kept as its last four digits only.
    else expect(steps.nominee).toMatchObject({ nominees: [{ documentType: 'aadhar_card', documentNumber: 'XXXXXXXX1234' }] });
    expect(violations).toEqual([]);
    expect(browser.cspViolations).toEqual([]);
  });
});
