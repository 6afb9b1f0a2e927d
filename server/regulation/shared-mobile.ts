import type { ApplicationsOnNumber, SignInResponse } from '../../core/api/types';
import { findStep, journey } from '../../core/engine/flow';
import { stepOfRoute } from '../../core/engine/step-api';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import { closeSession, openSession } from '../platform/auth';
import { applicationsOnPhone, findUserById, insertFamilyApplication } from '../platform/repositories/users';
import type { LanguageTexts } from '../platform/texts';
import { type FamilyRelation, familyRelationsOf, requireRoomFor } from './contacts';
import { insertContactDeclaration, mobileRelationsOf } from './repository';

/**
 * Family members who share one mobile number (the exchanges' one-mobile-per-client rule, with its family exception):
 * the OTP proves the number, so whoever holds it may continue any application under it, or open one for a spouse,
 * dependent child or dependent parent with the declaration of whose number it is. The holder's application is the
 * one signing in opens; the others are reached from GET /api/applications.
 */

function relationsOf(ctx: AppContext, texts: LanguageTexts): FamilyRelation[] {
  return familyRelationsOf(texts.pages, ctx.flow.steps.flatMap((step) => findStep(ctx.flow, step.id)?.routes ?? []));
}

export async function applicationsOnNumber(ctx: AppContext, user: UserRow, texts: LanguageTexts): Promise<ApplicationsOnNumber> {
  const rows = await applicationsOnPhone(ctx.db, user.phone);
  // The name as the applicant's own record shows it (the PAN step's, once given): one source with GET /api/user.
  const names = new Map(await Promise.all(rows.map(async (row) => [row.id, (await ctx.users.present(row)).name] as const)));
  const declared = await mobileRelationsOf(ctx.db, rows.filter((row) => row.family_of !== null).map((row) => row.id));
  const relations = relationsOf(ctx, texts);
  return {
    applications: rows.map((row) => {
      const relation = declared.get(row.id);
      return {
        id: row.id,
        name: names.get(row.id) ?? null,
        relationLabel: relation ? (relations.find((item) => item.relation === relation)?.label ?? relation) : null,
        openedAt: new Date(Number(row.created_at)).toISOString(),
        nextStepTitle: row.submitted_at === null && row.next_step ? stepTitle(texts, row.next_step) : null,
        submitted: row.submitted_at !== null,
        current: row.id === user.id,
      };
    }),
    relations,
  };
}

function stepTitle(texts: LanguageTexts, stepId: string): string | null {
  return texts.flow.steps.find((step) => step.id === stepId)?.title ?? null;
}

/** Signs the number's holder into another application under the same number: a new session replaces the current one. */
export async function switchApplication(ctx: AppContext, user: UserRow, sessionId: string | null, applicationId: string): Promise<SignInResponse> {
  const target = applicationId === user.id ? user : await findUserById(ctx.db, applicationId);
  // Another number's application is as unknown as one that does not exist: nothing about it is told.
  if (!target || target.phone !== user.phone) throw new ApiError(404, 'regulation.applicationNotFound');
  return signInto(ctx, target, sessionId);
}

/**
 * Opens a family member's application under the signed-in number: the relation must be one the config lists, and is
 * stored as the new application's contact declaration (channel 'mobile') matched with the holder's application. The
 * OTP that signed in verified the number, so the new application starts past mobile verification.
 */
export async function openFamilyApplication(ctx: AppContext, user: UserRow, sessionId: string | null, relation: string, texts: LanguageTexts): Promise<SignInResponse> {
  const declared = relationsOf(ctx, texts).find((item) => item.relation === relation);
  if (!declared) throw new FieldValidationError({ relation: ['regulation.unknownMobileRelation'] });
  // The application declaring is the one about to be opened: every existing declaration counts.
  await requireRoomFor(ctx, 'mobile', user.phone, declared, undefined);
  const holderId = user.family_of ?? user.id;
  const now = ctx.clock();
  // A new application: on the newest config release, whichever the holder's is.
  const { number: release, served } = await ctx.releases.newest();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const opened = await insertFamilyApplication(trx, { phone: user.phone, release, nextStep: journey(served.flow)[0] ?? null, referrer: null, source: null, language: texts.code, now, familyOf: holderId });
    await insertContactDeclaration(trx, { user_id: opened, channel: 'mobile', destination: user.phone, relation, other_user_id: holderId, declared_at: now });
    return opened;
  });
  const opened = await findUserById(ctx.db, id);
  if (!opened) throw new Error('application vanished right after insert');
  await ctx.analytics.stepMoved(opened.id, null, opened.next_step);
  const signInStep = stepOfRoute(served.flow, served.flow.routes.login);
  const moved = signInStep ? await served.steps.completeStep(opened, signInStep.id) : opened;
  return signInto(ctx, moved, sessionId);
}

/** A session on `target`, presented as its own config release serves it (not the release of the application switched from). */
async function signInto(ctx: AppContext, target: UserRow, sessionId: string | null): Promise<SignInResponse> {
  const token = await openSession(ctx, target.id);
  if (sessionId) await closeSession(ctx, sessionId);
  return { user: await (await ctx.releases.serving(target.config_release)).users.present(target), token };
}
