import type { Transaction } from 'kysely';
import { type RekycTarget, RekycLinkError, decodeRekycData } from '../../core/engine/rekyc-link';
import type { AppContext } from '../context';
import { type IncomeDeclaration, insertIncomeDeclaration } from './repository';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';

/** Applicant ids as the server makes them (randomUUID): never the shape of a link's base64. */
const applicantIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whose income declaration a re-KYC submission is: the signed-in applicant, and the link (if any) must be theirs. */
export interface RekycSubmitter {
  user: UserRow;
  /** The decoded link; null when the applicant came without one. */
  link: RekycTarget | null;
}

/**
 * For POST /api/rekyc/income-declaration. `data` is the form's `id`:
 * the id the page decoded from the link, or the link's whole value; without one the signed-in applicant's own id is used (spec section 5).
 * Checks, in order: a malformed value 400 (the link is broken whoever opens it); nobody signed in 401; a link of
 * another applicant 403; an applicant not at a status that takes a re-KYC declaration 400 (out of sync).
 */
export function resolveRekycTarget(ctx: Pick<AppContext, 'flow'>, signedIn: UserRow | null, data: string | null | undefined): RekycSubmitter {
  let link: RekycTarget | null = null;
  // The page sends the id it decoded from the link (spec 5); the link's whole value is taken too.
  let plainId: string | null = null;
  if (typeof data === 'string' && data.trim() !== '') {
    try {
      link = decodeRekycData(data);
    } catch (error) {
      if (!(error instanceof RekycLinkError)) throw error;
      if (!applicantIdPattern.test(data)) throw new ApiError(400, 'rekyc.malformedBecause', { reason: error.reason });
      plainId = data;
    }
  }
  if (!signedIn) throw new ApiError(401, 'request.unauthorized');
  if (link && (link.id !== signedIn.id || link.phone !== signedIn.phone)) throw new ApiError(403, 'rekyc.otherApplicant');
  if (plainId !== null && plainId !== signedIn.id) throw new ApiError(403, 'rekyc.otherApplicant');
  if (!signedIn.next_step || !ctx.flow.review.rekyc.from.includes(signedIn.next_step)) throw new ApiError(400, 'flow.outOfSync');
  return { user: signedIn, link };
}

/** Stores a re-KYC income declaration in the transaction that stores its proof (documentId null without one). */
export async function saveIncomeDeclaration(trx: Transaction<Database>, declaration: IncomeDeclaration): Promise<void> {
  await insertIncomeDeclaration(trx, declaration);
}
