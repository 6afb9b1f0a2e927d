import type { Page } from '../browser';
import type { ServerWithDb } from '../fixtures';
import * as step from './steps';

/**
 * The golden journey as one walk: a new applicant from /login to 'KYC Verification Pending' through every step of
 * flow.json. `seen` is called on every screen and error state on the way (the golden test runs axe there; npm run
 * screenshots takes a picture). `nominee`: how the nominee step is answered (nominate, or opt out).
 */
export async function goldenJourney(page: Page, env: ServerWithDb, who: step.Applicant, seen: step.Seen, nominee = step.nominee): Promise<void> {
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
}
