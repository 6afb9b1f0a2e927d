import type { Page } from '../browser';
import type { ServerWithDb } from '../fixtures';
import { sayIn } from './journey-language';
import * as step from './steps';

/**
 * The golden journey as one walk: a new applicant from /login to 'KYC Verification Pending' through every step of
 * flow.json. `seen` is called on every screen and error state on the way (the golden test runs axe there; npm run
 * screenshots takes a picture). `nominee`: how the nominee step is answered (nominate, or opt out). The applicant
 * reads the app in `who.language` (English by default).
 */
export async function goldenJourney(page: Page, env: ServerWithDb, who: step.Applicant, seen: step.Seen, nominee = step.nominee): Promise<void> {
  const say = sayIn(who.language ?? 'en');
  await step.signIn(page, env.server, who, seen, say);
  await step.verifyPan(page, who, seen, say);
  await step.kyc(page, seen, say);
  await step.panImage(page, seen, say);
  await step.personalDetails(page, seen, say);
  await step.taxResidency(page, seen, say);
  await step.bankByUpi(page, seen, say);
  await step.selfie(page, seen, say);
  await step.declarationAndSignature(page, seen, say);
  await nominee(page, seen, say);
  await step.incomeProofByAggregator(page, seen, say);
  await step.esign(page, seen, say, nominee !== step.nomineeOptOut);
  await step.pending(page, seen, say);
}
