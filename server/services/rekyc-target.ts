import { serverMessages } from '../../src/api/types';
import { type RekycTarget, RekycLinkError, decodeRekycData, rekycMessages } from '../../src/engine/rekyc-link';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';

/** Whose income declaration a re-KYC submission is: the signed-in applicant, and the link (if any) must be theirs. */
export interface RekycSubmitter {
  user: UserRow;
  /** The decoded link; null when the applicant came without one. */
  link: RekycTarget | null;
}

/**
 * For POST /api/rekyc/income-declaration (its upload pipeline comes from another branch). `data` is the link's
 * value (the form's `id` field carries it); without one the signed-in applicant's own id is used (spec section 5).
 * Checks, in order: a malformed value 400 (the link is broken whoever opens it); nobody signed in 401; a link of
 * another applicant 403; an applicant not at a status that takes a re-KYC declaration 400 (out of sync).
 */
export function resolveRekycTarget(ctx: Pick<AppContext, 'flow'>, signedIn: UserRow | null, data: string | null | undefined): RekycSubmitter {
  let link: RekycTarget | null = null;
  if (typeof data === 'string' && data.trim() !== '') {
    try {
      link = decodeRekycData(data);
    } catch (error) {
      if (error instanceof RekycLinkError) throw new ApiError(400, error.message);
      throw error;
    }
  }
  if (!signedIn) throw new ApiError(401, serverMessages.unauthorized);
  if (link && (link.id !== signedIn.id || link.phone !== signedIn.phone)) throw new ApiError(403, rekycMessages.otherApplicant);
  if (!signedIn.next_step || !ctx.flow.review.rekyc.from.includes(signedIn.next_step)) throw new ApiError(400, serverMessages.outOfSync);
  return { user: signedIn, link };
}
