import type { FastifyBaseLogger } from 'fastify';
import type { KraAddressLines, PanCheckResponse } from '../../core/api/types';
import { type ConfiguredKraStatus, kraRule } from '../../core/engine/kra-rules';
import type { MessageCode } from '../../core/engine/message-codes';
import { findLivePanCheck, panHeldByAnother, savePanCheck, takePanCheck } from './repository';
import type { PanCheckRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import { ApiError } from '../errors';
import { type SavedStep, afterSaved, storeAndComplete } from '../steps/step-answers';
import { type KraAnswer, type KraQuery, maskPan } from '../providers/kra/kra';

/** How long a checked PAN waits for confirm-pan before it must be looked up again. */
export const panCheckTtlMs = 30 * 60_000;

async function assertPanFree(ctx: AppContext, pan: string, user: UserRow): Promise<void> {
  if (await panHeldByAnother(ctx.db, pan, user.id)) throw new ApiError(409, 'pan.taken');
}

/** The check as the applicant reads it: the record, the KRA status, and whether it is theirs to confirm. */
function presented(ctx: AppContext, check: PanCheckRow): PanCheckResponse {
  const confirm = kraRule(ctx.flow, check.kra_status as ConfiguredKraStatus).outcome === 'confirm';
  const address = check.kra_address ? (JSON.parse(check.kra_address) as KraAddressLines) : undefined;
  return { pan: check.pan, dateOfBirth: check.date_of_birth, name: check.name, kraStatus: check.kra_status, confirm, ...(confirm && address ? { address } : {}) };
}

/**
 * Looks the PAN up with the KRA; flow.json `kra` says what its status does. A record found must be an individual's
 * (a PAN's 4th letter P) born on the date typed. The answer waits for confirm-pan (pan_checks).
 */
export async function checkPan(ctx: AppContext, user: UserRow, query: KraQuery, log: FastifyBaseLogger, deadline: Deadline): Promise<PanCheckResponse> {
  await assertPanFree(ctx, query.pan, user);
  let answer: KraAnswer;
  try {
    answer = await ctx.kra.lookup(query, deadline);
  } catch (error) {
    // Provider errors name a masked PAN only; the logger masks anything else that looks like one.
    log.error({ err: error, provider: ctx.kra.name, pan: maskPan(query.pan) }, 'kra lookup failed');
    throw new ApiError(503, 'pan.unavailable');
  }
  const refused = (code: MessageCode, values: Record<string, string> = {}): ApiError => {
    log.info({ provider: ctx.kra.name, pan: maskPan(query.pan), kraStatus: answer.status, refusal: code }, 'pan refused');
    return new ApiError(400, code, values);
  };
  if (answer.status === 'unavailable') {
    log.warn({ provider: ctx.kra.name, pan: maskPan(query.pan) }, 'no KRA could answer');
    throw new ApiError(503, 'pan.unavailable');
  }
  const rule = kraRule(ctx.flow, answer.status);
  if (answer.status !== 'not_found' && query.pan.charAt(3) !== 'P') throw refused('pan.notIndividual');
  if (answer.dateOfBirth && answer.dateOfBirth !== query.dateOfBirth) throw refused('pan.dobMismatch');
  // The config check makes sure a refusal names a text of messages.json.
  if (rule.outcome === 'refuse') throw refused((rule.message ?? 'pan.notInKra') as MessageCode, { reason: answer.reason ?? '' });
  const reused = rule.outcome === 'confirm' || rule.outcome === 'continue';
  const now = ctx.clock();
  const check: PanCheckRow = {
    user_id: user.id,
    // The PAN asked about, whatever spelling the KRA echoes: that is what the applicant confirms.
    pan: query.pan,
    name: answer.name ?? '',
    date_of_birth: query.dateOfBirth,
    checked_at: now,
    expires_at: now + panCheckTtlMs,
    kra_status: answer.status,
    kra_address: reused && answer.address ? JSON.stringify(answer.address) : null,
  };
  await savePanCheck(ctx.db, check);
  return presented(ctx, check);
}

/** The applicant's pending check (the record to confirm), or 400 when there is none. */
export async function pendingPanCheck(ctx: AppContext, user: UserRow): Promise<PanCheckResponse> {
  const check = await findLivePanCheck(ctx.db, user.id, ctx.clock());
  if (!check) throw new ApiError(400, 'pan.verifyFirst');
  return presented(ctx, check);
}

/** The registry's record as the PAN step's answers. */
function verifiedRecord(check: PanCheckRow) {
  const address = check.kra_address ? { kraAddress: JSON.parse(check.kra_address) as unknown } : {};
  return { pan: check.pan, name: check.name, dateOfBirth: check.date_of_birth, kraStatus: check.kra_status, ...address };
}

/**
 * Stores the pending record on the applicant and completes `stepId`; one account per PAN. The steps its KRA status
 * makes unnecessary (flow.json kra.<status>.skips) are completed too, each with answers saying why. One transaction
 * through the one save path of a step (steps/step-answers.ts): the PAN on the user row, the answers and the moves.
 */
export async function confirmPan(ctx: AppContext, user: UserRow, stepId: string): Promise<UserRow> {
  const check = await findLivePanCheck(ctx.db, user.id, ctx.clock());
  if (!check) throw new ApiError(400, 'pan.verifyFirst');
  await assertPanFree(ctx, check.pan, user);
  const skips = kraRule(ctx.flow, check.kra_status as ConfiguredKraStatus).skips ?? [];
  let saved: SavedStep[];
  try {
    saved = await ctx.db.transaction().execute(async (trx) => {
      await takePanCheck(trx, check, ctx.clock());
      const steps = [await storeAndComplete(ctx, trx, user, stepId, verifiedRecord(check))];
      for (const skipped of skips) {
        const moved = steps[steps.length - 1]!.move.user;
        if (moved.next_step !== skipped) break;
        steps.push(await storeAndComplete(ctx, trx, moved, skipped, { skippedFor: `kra:${check.kra_status}` }));
      }
      return steps;
    });
  } catch (error) {
    // Two applicants confirming one PAN at once: the unique index lets one through.
    if (await panHeldByAnother(ctx.db, check.pan, user.id)) throw new ApiError(409, 'pan.taken');
    throw error;
  }
  let fresh = user;
  for (const step of saved) fresh = await afterSaved(ctx, step);
  return fresh;
}
