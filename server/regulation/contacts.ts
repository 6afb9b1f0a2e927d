import type { PageConfig } from '../../core/engine/config-types';
import { findStep } from '../../core/engine/flow';
import type { UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError, FieldValidationError } from '../errors';
import type { LanguageTexts } from '../platform/texts';
import { normaliseEmail } from '../platform/email-address';
import { contactDeclarationsOf, declaredUnderRelation, insertContactDeclaration, othersWithEmail } from './repository';

/**
 * One mobile number and one email per client (the exchanges' UCC rules): an email another application has verified is
 * refused, unless the applicant declares whose it is: a family member (spouse, dependent child, dependent parent), as
 * the email page's `familyRelations` lists them. The declaration is stored with the application it matches.
 */

export interface FamilyRelation {
  relation: string;
  label: string;
  /** How many applications may declare it for one number or email (one spouse, two parents); unset: no limit. */
  max?: number;
}

/**
 * Refuses a declaration past its relation's `max` (409): a number or email cannot be two applicants' spouse. The
 * declaring application's own earlier declarations (an email declared again) do not count against it. A relation
 * with room is not reserved: two declarations racing for its last place may both pass.
 */
export async function requireRoomFor(ctx: AppContext, channel: 'mobile' | 'email', destination: string, relation: FamilyRelation, declaringUserId?: string): Promise<void> {
  if (relation.max === undefined) return;
  const declared = await declaredUnderRelation(ctx.db, channel, destination, relation.relation, declaringUserId);
  if (declared >= relation.max) throw new ApiError(409, channel === 'mobile' ? 'regulation.mobileRelationFull' : 'regulation.emailRelationFull', { relation: relation.label, max: relation.max });
}

/** The family relations a contact may be declared under: the `familyRelations` of the step's pages' options. */
export function familyRelationsOf(pages: Record<string, PageConfig>, routes: readonly string[]): FamilyRelation[] {
  for (const route of routes) {
    const page = pages[route];
    const list = page && 'options' in page ? page.options?.familyRelations : undefined;
    if (Array.isArray(list)) return list as FamilyRelation[];
  }
  return [];
}

/**
 * At POST /user/add-email: an address another application verified needs the family declaration (409 without it, a
 * field error for a relation the list lacks); the declaration is stored then, with the application it matches.
 */
export async function declareSharedEmail(ctx: AppContext, user: UserRow, rawEmail: string, relation: string | undefined, stepId: string, texts: LanguageTexts): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const [other] = await othersWithEmail(ctx.db, user.id, email);
  if (!other) return;
  if (!relation) throw new ApiError(409, 'regulation.emailInUse');
  const relations = familyRelationsOf(texts.pages, findStep(ctx.flow, stepId)?.routes ?? []);
  const declared = relations.find((item) => item.relation === relation);
  if (!declared) throw new FieldValidationError({ familyRelation: ['regulation.unknownRelation'] });
  await requireRoomFor(ctx, 'email', email, declared, user.id);
  await insertContactDeclaration(ctx.db, { user_id: user.id, channel: 'email', destination: email, relation, other_user_id: other.id, declared_at: ctx.clock() });
}

/** At POST /user/verify-email: an address another application verified meanwhile needs the declaration too (409). */
export async function requireSharedEmailDeclared(ctx: AppContext, user: UserRow, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  if ((await othersWithEmail(ctx.db, user.id, email)).length === 0) return;
  const declared = (await contactDeclarationsOf(ctx.db, user.id)).some((row) => row.channel === 'email' && row.destination === email);
  if (!declared) throw new ApiError(409, 'regulation.emailInUse');
}
