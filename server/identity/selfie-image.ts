import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import { maskId } from '../providers/mask-id';
import { acceptFile } from '../documents/uploads/accept-file';
import type { AcceptedFile } from '../documents/uploads/upload-kinds';

/**
 * The photo a verified selfie request captured, fetched from the provider and checked like an upload, so the back
 * office can put it beside the PAN image. Best effort: an unreachable provider or a photo that does not pass is
 * logged and leaves the applicant's step unaffected (the reviewer then sees no selfie image and can send it back).
 */
export async function fetchSelfie(ctx: AppContext, log: FastifyBaseLogger, requestId: string, deadline: Deadline): Promise<AcceptedFile | undefined> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await ctx.identityProvider.selfieImage(requestId, deadline);
  } catch (error) {
    log.warn({ err: error, provider: ctx.identityProvider.name, requestId: maskId(requestId) }, 'selfie image could not be fetched');
    return undefined;
  }
  if (!bytes || bytes.length === 0) return undefined;
  try {
    return await acceptFile('selfie_image', Buffer.from(bytes));
  } catch (error) {
    log.warn({ err: error, requestId: maskId(requestId) }, 'selfie image refused');
    return undefined;
  }
}
