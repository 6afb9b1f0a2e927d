import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  consumeChallenge,
  insertChallenge,
  recordWrongAttempt,
  reissueChallenge,
} from './repositories/otp-challenges';
import type { Database, OtpChallengeRow } from '../db/schema';
import { ApiError, tooMany } from '../errors';
import { type Limits, otpLength } from '../limits';
import { equalHex, hmac, randomCode } from './secrets';

/** Answer for a code whose challenge already signed someone in. */

export interface OtpDeps {
  db: Kysely<Database>;
  clock: () => number;
  limits: Limits;
  secret: string;
}

/** The challenge id is in the HMAC, so a code only ever matches the challenge it was issued for. */
function codeHash(secret: string, challengeId: string, code: string): string {
  return hmac(secret, `${challengeId}:${code}`);
}

export interface ChallengeStart {
  channel: 'sms' | 'email';
  destination: string;
  purpose: string;
  /** The applicant; null for a reviewer's sign-in (reviewers are not users). */
  userId: string | null;
  verifyTokenHash: string | null;
  /** Digits of the code: the spec's 4 for applicants unless given (reviewers get 6). */
  codeLength?: number;
}

/** Creates a challenge and returns its id and code; only the message carries the code from here on. */
export async function startChallenge(deps: OtpDeps, start: ChallengeStart): Promise<{ id: string; code: string }> {
  const now = deps.clock();
  const id = randomUUID();
  const code = randomCode(start.codeLength ?? otpLength);
  await insertChallenge(deps.db, {
    id,
    channel: start.channel,
    destination: start.destination,
    purpose: start.purpose,
    user_id: start.userId,
    verify_token_hash: start.verifyTokenHash,
    code_hash: codeHash(deps.secret, id, code),
    expires_at: now + deps.limits.otpTtlMs,
    last_sent_at: now,
    created_at: now,
  });
  return { id, code };
}

/**
 * Throws 'request too early' while the newest code for the destination still works and was sent within the resend
 * wait: a second send now (a double submit) would replace the code the applicant is about to type.
 */
export function assertNoFreshCode(deps: OtpDeps, latest: OtpChallengeRow | undefined): void {
  if (!latest || latest.consumed_at !== null || latest.dead || deps.clock() >= latest.expires_at) return;
  const wait = latest.last_sent_at + deps.limits.resendWaitMs - deps.clock();
  if (wait > 0) throw tooMany('otp.tooEarly', wait);
}

/** Throws unless a resend is allowed now (not used, and the resend wait has passed). */
export function assertResendAllowed(deps: OtpDeps, challenge: OtpChallengeRow): void {
  if (challenge.consumed_at !== null) throw new ApiError(400, 'otp.used');
  const wait = challenge.last_sent_at + deps.limits.resendWaitMs - deps.clock();
  if (wait > 0) throw tooMany('otp.tooEarly', wait);
}

/**
 * New code for the same challenge: the old code stops matching, attempts and expiry restart. A resend racing
 * another one for the same challenge is 'request too early', as it would be a moment later.
 */
export async function reissueCode(deps: OtpDeps, challenge: OtpChallengeRow, codeLength = otpLength): Promise<string> {
  const now = deps.clock();
  const code = randomCode(codeLength);
  const reissued = await reissueChallenge(deps.db, challenge.id, {
    codeHash: codeHash(deps.secret, challenge.id, code),
    now,
    expiresAt: now + deps.limits.otpTtlMs,
    sentBefore: challenge.last_sent_at,
  });
  if (!reissued) throw tooMany('otp.tooEarly', deps.limits.resendWaitMs);
  return code;
}

/** Checks a submitted code and consumes the challenge, or throws the spec's error. */
export async function redeemCode(deps: OtpDeps, challenge: OtpChallengeRow, code: string): Promise<void> {
  if (challenge.consumed_at !== null) throw new ApiError(400, 'otp.used');
  if (challenge.dead) throw new ApiError(400, 'otp.maxAttempts');
  if (deps.clock() >= challenge.expires_at) throw new ApiError(400, 'otp.expired');
  if (!equalHex(codeHash(deps.secret, challenge.id, code), challenge.code_hash)) {
    const attempts = await recordWrongAttempt(deps.db, challenge.id, deps.limits.maxOtpAttempts);
    throw new ApiError(400, attempts >= deps.limits.maxOtpAttempts ? 'otp.maxAttempts' : 'otp.invalid');
  }
  // Conditional update: of two racing correct submissions only one wins.
  if (!(await consumeChallenge(deps.db, challenge.id, deps.clock()))) throw new ApiError(400, 'otp.used');
}
