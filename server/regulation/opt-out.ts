import { optOutMethod, optOutVerifiedField } from './opt-out-method';
import { lockApplicant } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import type { LanguageTexts } from '../platform/texts';
import { assertNoFreshCode, redeemCode, startChallenge } from '../platform/otp';
import { deliverEmailOtp, deliverSmsOtp } from '../platform/otp-messages';
import { deleteChallenge, findLatestChallenge } from '../platform/repositories/otp-challenges';
import { releaseChallenge } from './repository';
import { reserveSend } from '../platform/send-caps';
import type { Caller } from '../schemas/request';
import { skipDeclarationOf, skippedAnswers } from '../steps/skip-declaration';
import type { StepAnswers } from '../platform/repositories/step-store';

/**
 * SEBI (January 2025): opting out of nomination online needs the investor's eSign, or an OTP sent to both their mobile
 * and their email. The nominee page's skip declaration says which (`verify`): with 'esign' the opt-out is signed at eSign
 * as a document of its own; with 'otp' both codes are checked before the opt-out is stored, and it is not signed again.
 */

const purpose = 'nomination_opt_out';

type Destination = { channel: 'sms' | 'email'; destination: string };

function destinationsOf(user: UserRow): Destination[] {
  if (!user.email) throw new ApiError(409, 'regulation.optOutNoEmail');
  return [
    { channel: 'sms', destination: user.phone },
    { channel: 'email', destination: user.email },
  ];
}

/** POST /user/skip-nominee/codes: a code to the mobile and one to the email (send caps and the resend wait as sign-in's). */
export async function sendOptOutCodes(ctx: AppContext, user: UserRow, stepId: string, caller: Caller): Promise<void> {
  if (optOutMethod(skipDeclarationOf({ flow: ctx.flow, pages: caller.texts.pages }, stepId)) !== 'otp') throw new ApiError(404, 'request.notFound');
  const destinations = destinationsOf(user);
  const started = await ctx.db.transaction().execute(async (trx) => {
    await lockApplicant(trx, user.id);
    const deps = { ...ctx, db: trx };
    const codes: { id: string; code: string; to: Destination }[] = [];
    for (const to of destinations) {
      assertNoFreshCode(deps, await findLatestChallenge(trx, { userId: user.id, ...to, purpose }));
      await reserveSend(deps, { ...to, ip: caller.ip });
      codes.push({ ...(await startChallenge(deps, { ...to, purpose, userId: user.id, verifyTokenHash: null })), to });
    }
    return codes;
  });
  const texts = ctx.texts.in(user.language);
  try {
    for (const { code, to } of started) {
      const message = { to: to.destination, code, ttlMs: ctx.limits.otpTtlMs };
      if (to.channel === 'sms') await deliverSmsOtp(ctx.sms, { log: caller.log, texts, deadline: caller.deadline }, message);
      else await deliverEmailOtp(ctx.email, { log: caller.log, texts, deadline: caller.deadline }, message);
    }
  } catch (error) {
    for (const { id } of started) await deleteChallenge(ctx.db, id);
    throw error;
  }
}

export interface OptOutCodes {
  mobileOtp?: string;
  emailOtp?: string;
}

/** Checks the mobile's and the email's codes; a missing one is a field error, a wrong one the OTP's own error. */
async function redeemOptOutCodes(ctx: AppContext, user: UserRow, codes: OptOutCodes): Promise<void> {
  const missing = Object.fromEntries((['mobileOtp', 'emailOtp'] as const).filter((field) => !codes[field]).map((field) => [field, ['regulation.optOutCodes']]));
  if (Object.keys(missing).length > 0) throw new FieldValidationError(missing);
  const [mobile, email] = destinationsOf(user);
  const find = (to: Destination) => findLatestChallenge(ctx.db, { userId: user.id, ...to, purpose });
  const [mobileChallenge, emailChallenge] = [await find(mobile!), await find(email!)];
  if (!mobileChallenge || !emailChallenge) throw new ApiError(400, 'otp.notRequested');
  await redeemCode(ctx, mobileChallenge, codes.mobileOtp!);
  try {
    await redeemCode(ctx, emailChallenge, codes.emailOtp!);
  } catch (error) {
    // The mobile's code was right: it stays usable, so only the email's is typed again (its wrong tries still count).
    await releaseChallenge(ctx.db, mobileChallenge.id);
    throw error;
  }
}

/**
 * What POST /user/skip-nominee stores: the opt-out declaration in the applicant's words, and how it was verified.
 * With 'otp', both codes are checked first.
 */
export async function optOutAnswers(
  ctx: AppContext,
  user: UserRow,
  stepId: string,
  texts: LanguageTexts,
  codes: OptOutCodes,
): Promise<{ answers: StepAnswers; declared: string[] }> {
  const declaring = { flow: ctx.flow, pages: texts.pages };
  const declaration = skipDeclarationOf(declaring, stepId);
  const skipped = skippedAnswers(declaring, stepId);
  if (!declaration) return skipped;
  const method = optOutMethod(declaration);
  if (method === 'otp') await redeemOptOutCodes(ctx, user, codes);
  return { ...skipped, answers: { ...skipped.answers, [optOutVerifiedField]: method } };
}
