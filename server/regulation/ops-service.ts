import { findStep } from '../../core/engine/flow';
import type { AppContext } from '../context';
import type { LanguageTexts } from '../platform/texts';
import { maskEmail, maskPhone } from '../providers/mask';
import { familyRelationsOf } from './contacts';
import { declaredContacts, latestHelpRequests } from './repository';

/** The back office's view of the contact declarations: the relation in the reviewer's words, both applications masked. */
export async function contactDeclarationsForOps(ctx: AppContext, texts: LanguageTexts, applicationId: string | undefined) {
  const relations = familyRelationsOf(texts.pages, ctx.flow.steps.flatMap((step) => findStep(ctx.flow, step.id)?.routes ?? []));
  const rows = await declaredContacts(ctx.db, applicationId);
  return rows.map((row) => ({
    applicationId: row.user_id,
    phone: maskPhone(row.phone, 'X'),
    channel: row.channel,
    destination: row.channel === 'email' ? maskEmail(row.destination) : maskPhone(row.destination, 'X'),
    relation: row.relation,
    relationLabel: relations.find((item) => item.relation === row.relation)?.label ?? row.relation,
    declaredAt: new Date(Number(row.declared_at)).toISOString(),
    matches: { applicationId: row.other_user_id, phone: maskPhone(row.other_phone, 'X'), status: row.other_status },
  }));
}

/** "Need help?" requests, newest first: the number in full (the back office calls it), when, and where they asked from. */
export async function helpRequestsForOps(ctx: AppContext) {
  return (await latestHelpRequests(ctx.db, 200)).map((row) => ({
    id: row.id,
    applicationId: row.user_id,
    phone: row.phone,
    route: row.route,
    step: row.step,
    contactTime: row.contact_time,
    message: row.message,
    language: row.language,
    requestedAt: new Date(row.created_at).toISOString(),
  }));
}
