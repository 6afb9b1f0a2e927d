import { describe, expect, it } from 'vitest';
import { storedByPhone, userByPhone } from '../fixtures';
import { ownServerAndBrowser } from '../own-session';
import { settled } from '../settle';
import { simulatedAddress as sandboxPanAddress, simulatedName as sandboxPanName } from '../../../server/providers/kra/simulated-kra';
import { afterJourney, rejections } from './after-journey';
import { englishWords } from './foreign-words';
import { axeFindings, type Finding } from '../axe';
import { treeFindings } from '../a11y-tree';
import { smallTargets } from './page-checks';
import * as step from './steps';
import { slowSpinners, watchSpinners } from './spinner-times';
import { goldenJourney } from './tour';

/**
 * The golden journeys (issue 11): a brand-new applicant from /login to 'KYC Verification Pending' through every
 * step of flow.json, by what a person sees, with only the sandbox providers; once per viewport, sharing nothing.
 * Then (issue 20) the back office sends four steps back, the applicant fixes them, is approved and set up, and
 * answers the emailed re-KYC link. On every screen and every error state on the way (invalid PAN, an empty nominee
 * Save, the manual income proof's errors, resume with rejections, modification's and re-KYC's errors): no serious
 * or critical axe-core violation, and every control at least 24 px. Issue 18: the same journey in Hindi on a phone,
 * opened with ?lang=hi: <html lang="hi"> and no English word on any screen but the terms kept as such, brand names
 * and what the applicant and their reviewer typed (foreign-words.ts). Issue 30: each screen's accessibility tree
 * (a11y-tree.ts): every control named, headings in order, toasts and errors in live regions.
 */

/** A browser window's size. */
export interface Viewport {
  width: number;
  height: number;
}

export const phone: Viewport = { width: 390, height: 844 };

/**
 * One golden journey, in a file of its own (golden-*.e2e.ts), so the three run side by side with the other browser
 * files rather than one after another. On the phone the applicant opts out of nominating (SEBI's declaration, then
 * signed at eSign); on the desktop, and in Hindi (for the nominee form's words), they nominate.
 */
export function goldenJourneyOn(viewportName: string, viewport: Viewport, who: step.Applicant, nominee: typeof step.nominee): void {
  describe(`the golden journey on ${viewportName}`, () => {
    const session = ownServerAndBrowser({ ...viewport, camera: true });

    it("from /login to 'KYC Verification Pending', then rejected, fixed, approved and re-KYC, with no serious accessibility problem", { timeout: 300_000 }, async () => {
      const env = session.env();
      const browser = session.browser();
      const { page } = browser;
      const spinners = await watchSpinners(page);
      const findings: Finding[] = [];
      const screens: string[] = [];
      const language = who.language ?? 'en';
      // The applicant's own words and values, and their reviewer's, shown back as typed (the pincode's town too), and
      // their KRA record's name and address as the registry holds them ('Preview what you sign').
      const typed = [who.phone, who.email, who.pan, sandboxPanName(who.pan), ...Object.values(sandboxPanAddress(who.pan)), ...Object.values(step.answers), ...step.nomineeAnswers.flatMap((n) => [n.firstName, n.identifier]), ...Object.values(rejections), 'Bengaluru', 'Karnataka'];
      const seen: step.Seen = async (route) => {
        await settled(page);
        screens.push(route);
        findings.push(...(await axeFindings(page, route)), ...(await treeFindings(page, route)), ...(await smallTargets(page, route)));
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang !== language) findings.push({ route, rule: 'html lang', targets: [`<html lang="${lang}">, not "${language}"`] });
        if (language !== 'en') findings.push(...(await englishWords(page, route, typed)));
      };

      await goldenJourney(page, env, who, seen, nominee);
      const { row, steps } = await storedByPhone(env.db, who.phone);
      expect(row.next_step).toBe('verification_pending');
      expect(steps.tax_residency).toEqual({ taxResidentOutsideIndia: false, placeOfBirth: 'Chennai', countryOfBirth: 'India' });
      expect(steps.personal_details).toMatchObject({ fnoRiskAcknowledged: true, declaredAt: { fnoRiskAcknowledged: expect.any(String) } });
      if (nominee === step.nomineeOptOut) expect(steps.nominee).toMatchObject({ skipped: true, skipDeclaration: { title: 'I do not wish to nominate' } });
      // One nominee per identifier SEBI's 2025 rules name; the Aadhaar, asked as its last four digits, kept masked.
      else {
        expect(steps.nominee).toMatchObject({
          nominees: [
            { documentType: 'aadhar_card', documentNumber: 'XXXXXXXX1234', mayOperateAccount: true, sharePercentage: 50 },
            { documentType: 'pan_card', documentNumber: 'ABCPI1234K', sharePercentage: 30 },
            { documentType: 'driving_license', documentNumber: 'KA0120190001234', sharePercentage: 20 },
          ],
        });
      }
      await afterJourney(page, env, who, seen);
      expect((await userByPhone(env.db, who.phone)).next_step).toBe('completed');

      const nomineeError = nominee === step.nominee ? '/add-nominee (empty Save)' : '/add-nominee (opt-out unticked)';
      expect(screens).toEqual(expect.arrayContaining(['/verify-pan (invalid PAN)', nomineeError, '/add-income-details (manual errors)', '/ (rejections)', '/rekyc/income-proof/upload (errors)']));
      expect(findings).toEqual([]);
      expect(browser.cspViolations).toEqual([]);
      // A figure, not a check (timings on a shared machine are bench's business): printed for the closing note.
      const slow = slowSpinners(spinners);
      console.log(`spinners on ${viewportName}: ${spinners.length} shown, ${slow.length} for a second or more${slow.length ? `:\n  ${slow.join('\n  ')}` : ''}`);
    });
  });
}
