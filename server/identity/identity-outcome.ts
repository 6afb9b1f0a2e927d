import type { FastifyBaseLogger } from 'fastify';
import type { MessageCode } from '../../core/engine/message-codes';
import type { UserDetails } from '../../core/api/types';
import type { IdentityRequestRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import type { IdentityApplicant, IdentityDetails, IdentityOutcome } from '../providers/identity/identity';
import { maskId } from '../providers/mask-id';

/** Why a verification failed, as the applicant reads it. */
const failures = { rejected: 'identity.rejected', expired: 'identity.expired', failed: 'identity.failed' } as const satisfies Record<string, MessageCode>;

/** Helpers shared by the KYC, selfie and eSign services. */

/** The widget shows the applicant's email when there is one, else the mobile number. */
export function applicantOf(user: UserDetails): IdentityApplicant {
  return { identifier: user.email ?? user.phone, name: user.name, reference: user.id };
}

/** The applicant's own request of this kind; anything else (unknown, someone else's, another kind) is the same 404. */
export function ownRequest(row: IdentityRequestRow | undefined, user: UserRow, kind: IdentityRequestRow['kind']): IdentityRequestRow {
  if (!row || row.user_id !== user.id || row.kind !== kind) throw new ApiError(404, 'identity.notFound');
  return row;
}

/** Runs a provider call; an unreachable provider is a 503 for the applicant and an error in the log (ids masked). */
export async function askProvider<T>(ctx: AppContext, log: FastifyBaseLogger, what: string, requestId: string | null, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error, provider: ctx.identityProvider.name, requestId: requestId ? maskId(requestId) : undefined }, `${what} failed`);
    throw new ApiError(503, 'identity.unavailable');
  }
}

/**
 * The details of an approved outcome; the matching 4xx for any other. A status word the vendor does not document fails
 * the request like any failure (the applicant starts again) and is logged, so an operator sees the vendor changed.
 */
export function approvedDetails(outcome: IdentityOutcome, log: FastifyBaseLogger, requestId: string): IdentityDetails {
  switch (outcome.state) {
    case 'approved':
      return outcome.details;
    case 'pending':
      throw new ApiError(409, 'identity.notFinished');
    case 'failed':
      if (outcome.unknownStatus) log.warn({ requestId: maskId(requestId), status: outcome.unknownStatus }, 'identity vendor answered a status word it does not document');
      throw new ApiError(400, failures[outcome.reason]);
  }
}
