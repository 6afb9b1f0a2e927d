import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import type { IdentityWebhook } from '../providers/identity/identity';
import { maskId } from '../providers/mask-id';
import { askProvider } from './identity-outcome';
import { findIdentityRequest, markIdentityRequestVerified } from './repository';

/** What a delivery changed: a signature recorded, a request the vendor holds for approval approved, or nothing. */
export type WebhookEffect = 'signed' | 'checked' | 'ignored';

/**
 * A vendor's webhook whose signature held (identity-webhook routes): never trusted as it stands, the request's state is
 * fetched again from the vendor. A signed document is recorded as signed (as the eSign list would on its next look);
 * for KYC and the selfie, fetching settles a request held for our approval (the client approves it), and the step
 * itself moves only through the applicant's own verify call (its order guard; a submitted application stays closed).
 * Idempotent: a request already verified or voided, or one we never made, is left alone, so a replayed or repeated
 * delivery changes nothing. A vendor that cannot be reached is a 503, which the vendor retries.
 */
export async function receiveIdentityWebhook(ctx: AppContext, delivery: IdentityWebhook, log: FastifyBaseLogger, deadline: Deadline): Promise<WebhookEffect> {
  const row = await findIdentityRequest(ctx.db, delivery.requestId);
  const masked = maskId(delivery.requestId);
  if (!row || row.status !== 'requested') {
    log.info({ event: delivery.event, requestId: masked, known: row !== undefined }, 'identity webhook: nothing to change');
    return 'ignored';
  }
  if (row.kind === 'esign') {
    const outcome = await askProvider(ctx, log, 'signing status (webhook)', row.request_id, () => ctx.identityProvider.signingStatus(row.request_id, deadline));
    if (outcome.state !== 'approved') return 'checked';
    await markIdentityRequestVerified(ctx.db, row.request_id, { provider: ctx.identityProvider.name, ...outcome.details }, ctx.clock());
    log.info({ event: delivery.event, requestId: masked }, 'identity webhook: document signed');
    return 'signed';
  }
  const workflow = row.kind;
  const outcome = await askProvider(ctx, log, `${workflow} status (webhook)`, row.request_id, () => ctx.identityProvider.workflowStatus(workflow, row.request_id, deadline));
  if (outcome.state === 'failed' && outcome.unknownStatus) log.warn({ requestId: masked, status: outcome.unknownStatus }, 'identity vendor answered a status word it does not document');
  return 'checked';
}
