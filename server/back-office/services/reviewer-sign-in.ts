import { randomUUID } from 'node:crypto';
import { fillEmail } from '../../../core/engine/review';
import type { OpsRole } from '../../../core/engine/ops-roles';
import { findChallengeByVerifyToken } from '../../platform/repositories/otp-challenges';
import { findReviewerByEmail, insertReviewerSession, revokeReviewerSession } from '../repositories/reviewers';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { reviewerOtpLength } from '../../limits';
import { redeemCode, startChallenge } from '../../platform/otp';
import { deliverEmailCode, validityMinutes } from '../../platform/otp-messages';
import { normaliseEmail, reviewerView } from './reviewers';
import { randomToken, sha256 } from '../../platform/secrets';
import { reserveSend } from '../../platform/send-caps';
import type { Caller } from '../../schemas/request';

/** The challenges of reviewers' sign-ins: never redeemable by an applicant's verify route, nor theirs here. */
const purpose = 'ops_sign_in';

/**
 * Starts a reviewer's sign-in: a 6-digit code emailed to an active reviewer, bound to the verify token returned.
 * An unknown or disabled address gets a token and a challenge too, but no email: the answer does not tell which
 * addresses are reviewers. The send caps count every attempt either way.
 */
export async function startReviewerSignIn(ctx: AppContext, emailText: string, caller: Caller): Promise<string> {
  const email = normaliseEmail(emailText);
  await reserveSend(ctx, { channel: 'email', destination: email, ip: caller.ip });
  const reviewer = await findReviewerByEmail(ctx.db, email);
  const verifyToken = randomToken();
  const { code } = await startChallenge(ctx, {
    channel: 'email',
    destination: email,
    purpose,
    userId: null,
    verifyTokenHash: sha256(verifyToken),
    codeLength: reviewerOtpLength,
  });
  if (reviewer && reviewer.disabled_at === null) {
    const values = { code, minutes: String(validityMinutes(ctx.limits.otpTtlMs)) };
    const { subject, text } = fillEmail(ctx.opsConfig.signInEmail, values);
    await deliverEmailCode(ctx.email, caller, { to: email, subject, text });
  }
  return verifyToken;
}

export interface ReviewerSignedIn {
  token: string;
  reviewer: { email: string; role: OpsRole };
}

/** Redeems the code (single use, attempts, expiry as applicants' codes) and opens a reviewer session. */
export async function verifyReviewerOtp(ctx: AppContext, verifyToken: string | undefined, emailText: string, otp: string): Promise<ReviewerSignedIn> {
  const email = normaliseEmail(emailText);
  const challenge = verifyToken && verifyToken.length <= 200 ? await findChallengeByVerifyToken(ctx.db, sha256(verifyToken)) : undefined;
  if (!challenge || challenge.purpose !== purpose || challenge.destination !== email) throw new ApiError(401, 'request.unauthorized');
  await redeemCode(ctx, challenge, otp);
  const reviewer = await findReviewerByEmail(ctx.db, email);
  // Disabled between the code and its use: no session.
  if (!reviewer || reviewer.disabled_at !== null) throw new ApiError(401, 'request.unauthorized');
  const token = randomToken();
  const now = ctx.clock();
  await insertReviewerSession(ctx.db, {
    id: randomUUID(),
    token_hash: sha256(token),
    reviewer_id: reviewer.id,
    created_at: now,
    last_seen_at: now,
    expires_at: now + ctx.limits.reviewerSessionMaxMs,
    revoked_at: null,
  });
  const { role } = reviewerView(reviewer);
  return { token, reviewer: { email, role } };
}

export async function endReviewerSession(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeReviewerSession(ctx.db, sessionId, ctx.clock());
}
