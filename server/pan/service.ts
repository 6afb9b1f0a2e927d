import type { FastifyBaseLogger } from 'fastify';
import type { MessageCode } from '../../core/engine/message-codes';
import { confirmPanCheck, findLivePanCheck, panHeldByAnother, savePanCheck } from './repository';
import { findUserById } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type PanLookup, type PanLookupResult, type PanRecord, maskPan } from '../providers/pan-kra/pan-registry';

/** How long a verified PAN waits for confirm-pan before it must be looked up again. */
export const panCheckTtlMs = 30 * 60_000;

const refusals: Record<Exclude<PanLookupResult['kind'], 'verified'>, MessageCode> = {
  dob_mismatch: 'pan.dobMismatch',
  not_individual: 'pan.notIndividual',
  not_found: 'pan.notInKra',
};

async function assertPanFree(ctx: AppContext, pan: string, user: UserRow): Promise<void> {
  if (await panHeldByAnother(ctx.db, pan, user.id)) throw new ApiError(409, 'pan.taken');
}

/** Looks the PAN up in the registry and keeps the verified record pending until confirm-pan. */
export async function checkPan(ctx: AppContext, user: UserRow, query: PanLookup, log: FastifyBaseLogger): Promise<PanRecord> {
  await assertPanFree(ctx, query.pan, user);
  let result: PanLookupResult;
  try {
    result = await ctx.panRegistry.lookup(query);
  } catch (error) {
    // Provider errors name a masked PAN only; the logger masks anything else that looks like one.
    log.error({ err: error, provider: ctx.panRegistry.name, pan: maskPan(query.pan) }, 'pan lookup failed');
    throw new ApiError(503, 'pan.unavailable');
  }
  if (result.kind !== 'verified') {
    log.info({ provider: ctx.panRegistry.name, pan: maskPan(query.pan), result: result.kind }, 'pan refused');
    throw new ApiError(400, refusals[result.kind]);
  }
  const now = ctx.clock();
  // The PAN asked about, whatever spelling the registry echoes: that is what the applicant confirms.
  const record: PanRecord = { pan: query.pan, name: result.name, dateOfBirth: result.dateOfBirth };
  await savePanCheck(ctx.db, {
    user_id: user.id,
    pan: record.pan,
    name: record.name,
    date_of_birth: record.dateOfBirth,
    checked_at: now,
    expires_at: now + panCheckTtlMs,
  });
  return record;
}

/** Stores the pending record on the applicant and completes `stepId`; one account per PAN. */
export async function confirmPan(ctx: AppContext, user: UserRow, stepId: string): Promise<UserRow> {
  const check = await findLivePanCheck(ctx.db, user.id, ctx.clock());
  if (!check) throw new ApiError(400, 'pan.verifyFirst');
  await assertPanFree(ctx, check.pan, user);
  try {
    await confirmPanCheck(ctx.db, check, stepId, ctx.clock());
  } catch (error) {
    // Two applicants confirming one PAN at once: the unique index lets one through.
    if (await panHeldByAnother(ctx.db, check.pan, user.id)) throw new ApiError(409, 'pan.taken');
    throw error;
  }
  const fresh = (await findUserById(ctx.db, user.id)) ?? user;
  return ctx.steps.completeStep(fresh, stepId);
}
