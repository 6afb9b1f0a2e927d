import { describe, expect, it } from 'vitest';
import { describeFindings, type Finding } from '../axe';
import { userByPhone } from '../fixtures';
import { ownServerAndBrowser } from '../own-session';
import { sayIn } from '../golden/journey-language';
import type { Applicant } from '../golden/steps';
import { keyboardUser } from './keys';
import * as step from './keyboard-steps';

/**
 * Issue 30: the golden journey by keyboard alone, from /login to 'KYC Verification Pending', no mouse. On every
 * Tab stop the focused control shows its focus and is in the window, uncovered; Tab always moves on and reaches the
 * control sought; each screen's heading is in the window when it arrives and, when the app moved focus, has it.
 */
describe.each([
  ['English on a desktop', { width: 1280, height: 800 }, { phone: '9876530001', email: 'kavya.rao@example.in', pan: 'ABCPR4321K' } as Applicant],
  ['Hindi on a phone', { width: 390, height: 844 }, { phone: '9876530002', email: 'kabir.rao@example.in', pan: 'ABCPR8765L', language: 'hi' } as Applicant],
])('the golden journey by keyboard alone, %s', (_name, viewport, who) => {
  const session = ownServerAndBrowser({ ...viewport, camera: true });

  it("reaches 'KYC Verification Pending' with focus always visible, never trapped, each heading reached", { timeout: 300_000 }, async () => {
    const env = session.env();
    const { page } = session.browser();
    const keys = keyboardUser(page);
    // File pickers are caught from the start (Playwright turns the catching on when the first listener comes: one
    // added just before the key that opens a picker can come too late, and the picker opens uncaught).
    page.on('filechooser', () => undefined);
    const headings: Finding[] = [];
    const arrived = async (route: string) => {
      const problem = await page.evaluate(() => {
        const titles = [...document.querySelectorAll('h1')].filter((h1) => h1.getClientRects().length > 0);
        if (titles.length !== 1) return `${titles.length} visible h1`;
        const box = titles[0]!.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) return `the heading is outside the window (top ${Math.round(box.top)})`;
        const active = document.activeElement;
        // Focus is on the heading (the app moved it there), or at the page's start (a fresh page), or on a control
        // the page chose (an autofocused field): never left behind below the heading out of sight.
        if (active && active !== document.body && active !== titles[0]) {
          const focusBox = active.getBoundingClientRect();
          if (focusBox.bottom < 0 || focusBox.top > window.innerHeight) return `focus is on ${active.tagName.toLowerCase()} out of the window`;
        }
        return undefined;
      });
      if (problem) headings.push({ route, rule: 'heading reached', targets: [problem] });
    };
    const journey: step.KeyboardJourney = { page, keys, say: sayIn(who.language ?? 'en'), arrived };
    await step.signIn(journey, env.server, who);
    await step.verifyPan(journey, who);
    await step.kyc(journey);
    await step.panImage(journey);
    await step.personalDetails(journey);
    await step.taxResidency(journey);
    await step.bankByUpi(journey);
    await step.selfie(journey);
    await step.declarationAndSignature(journey);
    await step.nominee(journey);
    await step.incomeProofByAggregator(journey);
    await step.esign(journey);
    await step.pending(journey);
    expect((await userByPhone(env.db, who.phone)).next_step).toBe('verification_pending');
    console.log(`keyboard journey: ${keys.stops} Tab stops checked`);
    expect(describeFindings([...keys.findings, ...headings])).toEqual([]);
  });
});
