import { evidenceOnRecord } from '../releases/on-record';
import { createHmac } from 'node:crypto';
import { journey } from '../../core/engine/flow';
import { type PrivacyConfig, erasureRefusal, retainedUntil } from '../../core/engine/privacy';
import type { AppContext } from '../context';
import { applicantRecords, eraseApplicantRecords, eraseSendLogs } from './repositories/applicant-records';
import { appendAudit, listAudit } from '../platform/repositories/audit-trail';
import { listConsents, withdrawConsent } from './repositories/consents';
import { findAllStepAnswers } from '../platform/repositories/step-store';
import { logErasure } from './repositories/erasure-log';
import type { ConsentRow, UserRow } from '../db/schema';
import { applicantActor } from './consents';
import { documentFileName } from '../documents/uploads/document-names';
import { zipArchive, type ZipEntry } from './zip';

/** The applicant's access and erasure rights (DPDP Act 2023, sections 11 and 12). */

const isoTime = (ms: number) => new Date(Number(ms)).toISOString();


/** Whether the applicant has submitted (eSigned) their application: their next step is past the journey. */
export function submitted(ctx: AppContext, user: UserRow): boolean {
  const open = journey(ctx.flow).slice(0, -1);
  return !user.next_step || !open.includes(user.next_step);
}

/** How an erasure is named once nothing of the applicant is left: a keyed hash of their number, found again only by asking with it. */
export function erasureSubject(ctx: AppContext, phone: string): string {
  return createHmac('sha256', ctx.secret).update(`erasure:${phone}`).digest('hex');
}

function inNoticeOrder(ctx: AppContext, rows: ConsentRow[]): ConsentRow[] {
  const place = (purpose: string) => ctx.privacy.purposes.findIndex((entry) => entry.id === purpose);
  return [...rows].sort((a, b) => a.given_at - b.given_at || place(a.purpose) - place(b.purpose));
}

/**
 * The zip of GET /api/user/data-export: data.json (the applicant as the API shows them, every stored step document
 * with its declarations' times, their consents, the audit trail of decisions about them, and every other record,
 * secrets left out) and their documents under documents/.
 */
export async function dataExport(ctx: AppContext, user: UserRow, notice: PrivacyConfig['notice']): Promise<Buffer> {
  const now = ctx.clock();
  await appendAudit(ctx.db, { userId: user.id, at: now, actor: applicantActor, action: 'data_export' });
  const [applicant, answers, consents, audit, records, documents] = await Promise.all([
    ctx.users.present(user),
    findAllStepAnswers(ctx.db, user.id),
    listConsents(ctx.db, user.id),
    listAudit(ctx.db, user.id),
    applicantRecords(ctx.db, user),
    ctx.documents.readAllOwned(user.id),
  ]);
  const files: ZipEntry[] = documents.map(({ row, bytes }) => ({ name: `documents/${row.id}-${documentFileName(row.kind, row.mime)}`, data: bytes }));
  const data = {
    exportedAt: new Date(now).toISOString(),
    notice: { title: notice.title, version: ctx.privacy.notice.version },
    applicant,
    status: { nextStep: user.next_step, currentStep: user.current_step, submitted: submitted(ctx, user) },
    // Every stored answer, by step, with the time of each declaration (declaredAt) and what it was made to (declaredText).
    answers,
    // Each declaration, acknowledgement and consent in the words the applicant was shown: read from its config release, in its language.
    declarations: await evidenceOnRecord(ctx, user.id, answers, ctx.flow.steps.map((step) => step.id)),
    // In the order given; consents given together (at sign-in) in the notice's order of purposes.
    consents: inNoticeOrder(ctx, consents).map((row) => ({ purpose: row.purpose, version: row.version, givenAt: isoTime(row.given_at), withdrawnAt: row.withdrawn_at === null ? null : isoTime(row.withdrawn_at) })),
    auditTrail: audit.map((row) => ({ at: isoTime(row.at), actor: row.actor, action: row.action, fromStep: row.from_step, toStep: row.to_step, reasons: row.reasons, note: row.note })),
    documents: documents.map(({ row }, index) => ({ id: row.id, kind: row.kind, type: row.mime, bytes: row.size, uploadedAt: isoTime(row.created_at), file: files[index]?.name })),
    // Everything else the database holds about the applicant, table by table (secrets of the server left out).
    records,
  };
  return zipArchive([{ name: 'data.json', data: Buffer.from(JSON.stringify(data, null, 2)) }, ...files], new Date(now));
}

export type ErasureOutcome = { erased: true } | { erased: false; message: string; law: string; retainUntil: string };

/**
 * Before submission: every row and file of the applicant goes, sessions included, and the request is logged by a
 * keyed hash only. After: KYC records stay for the years the law says (from submission), so the request is
 * refused with the law and the date, and only what no law requires goes (optional consents, send logs and codes).
 */
export async function requestErasure(ctx: AppContext, user: UserRow, words: PrivacyConfig): Promise<ErasureOutcome> {
  const now = ctx.clock();
  const subject = erasureSubject(ctx, user.phone);
  if (!submitted(ctx, user)) {
    const files = await ctx.documents.eraseOwned(user.id);
    await ctx.db.transaction().execute(async (trx) => {
      await eraseApplicantRecords(trx, user);
      await logErasure(trx, { subject, at: now, outcome: 'erased', note: `${files} document(s)` });
    });
    return { erased: true };
  }
  const { law } = ctx.privacy.retention;
  const retainUntil = retainedUntil(ctx.privacy, Number(user.submitted_at ?? user.updated_at));
  const message = erasureRefusal(words, retainUntil);
  await ctx.db.transaction().execute(async (trx) => {
    for (const purpose of ctx.privacy.purposes.filter((item) => !item.required)) await withdrawConsent(trx, user.id, purpose.id, now);
    await eraseSendLogs(trx, user, now);
    await appendAudit(trx, { userId: user.id, at: now, actor: applicantActor, action: 'erasure_refused', note: `kept until ${retainUntil} under ${law}` });
    await logErasure(trx, { subject, at: now, outcome: 'refused', note: `kept until ${retainUntil}` });
  });
  return { erased: false, message, law, retainUntil };
}
