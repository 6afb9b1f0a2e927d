import { beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, type Finding } from './axe';
import { userByPhone } from './fixtures';
import { ownServerAndBrowser } from './own-session';
import type { Applicant } from './golden/steps';
import { nominee, nomineeOptOut } from './golden/steps';
import { goldenJourney } from './golden/tour';
import { settled } from './settle';
import { motionFindings, zoomFindings } from './zoom-and-motion';

/**
 * Issue 30: the golden journey on a phone (390 px) whose owner asked for reduced motion: on every screen and error
 * state nothing moves (no animation or transition past a hundredth of a second), and the text at 200 % loses
 * nothing (zoom-and-motion.ts).
 */
describe.each([
  // The opt-out's declaration in a drawer in English; the nominee form (selects, date, upload) in Hindi.
  ['English', { phone: '9876531001', email: 'rohan.das@example.in', pan: 'ABCPD4321K' } as Applicant, nomineeOptOut],
  ['Hindi', { phone: '9876531002', email: 'ritu.das@example.in', pan: 'ABCPD8765L', language: 'hi' } as Applicant, nominee],
])('text at 200 %% and reduced motion on a phone, %s', (_language, who, nomineeStep) => {
  const session = ownServerAndBrowser({ width: 390, height: 844, camera: true });
  beforeAll(() => session.browser().page.emulateMedia({ reducedMotion: 'reduce' }));

  it("from /login to 'KYC Verification Pending' nothing moves and nothing is lost at 200 %", { timeout: 300_000 }, async () => {
    const env = session.env();
    const { page } = session.browser();
    const findings: Finding[] = [];
    const screens: string[] = [];
    const seen = async (route: string) => {
      await settled(page);
      screens.push(route);
      findings.push(...(await motionFindings(page, route)), ...(await zoomFindings(page, route)));
    };
    await goldenJourney(page, env, who, seen, nomineeStep);
    expect((await userByPhone(env.db, who.phone)).next_step).toBe('verification_pending');
    expect(screens.length).toBeGreaterThan(20);
    expect(describeFindings(findings)).toEqual([]);
  });
});
