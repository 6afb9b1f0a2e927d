import { type Kysely, type Transaction, sql } from 'kysely';
import type { ConfigReleaseRow, Database } from '../db/schema';
import type { ConfigSnapshot, ReleaseFiles } from './snapshot';

/** A release as listed (its files are read only when its texts are needed). */
export type ReleaseSummary = Omit<ConfigReleaseRow, 'files'>;

const summaryColumns = ['id', 'number', 'hash', 'created_by', 'created_at', 'migration'] as const;

export async function listReleases(db: Kysely<Database>): Promise<ReleaseSummary[]> {
  return db.selectFrom('config_releases').select(summaryColumns).orderBy('number', 'desc').execute();
}

/** The newest release: the one new sign-ups start on. */
export async function newestRelease(db: Kysely<Database> | Transaction<Database>): Promise<ReleaseSummary | undefined> {
  return db.selectFrom('config_releases').select(summaryColumns).orderBy('number', 'desc').limit(1).executeTakeFirst();
}

/** A release's hash alone (releases never change, so callers may keep it). */
export async function releaseHash(db: Kysely<Database>, number: number): Promise<string | undefined> {
  return (await db.selectFrom('config_releases').select('hash').where('number', '=', number).executeTakeFirst())?.hash;
}

/** A release's hash, and its files parsed only when asked for (the running release needs no parse). */
export async function releaseHashAndFiles(db: Kysely<Database>, number: number): Promise<{ hash: string; files: () => ReleaseFiles } | undefined> {
  const row = await db.selectFrom('config_releases').select(['hash', 'files']).where('number', '=', number).executeTakeFirst();
  return row ? { hash: row.hash, files: () => JSON.parse(row.files) as ReleaseFiles } : undefined;
}

/** Open applications (not yet submitted) per release number. */
export async function openApplicationsByRelease(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['config_release', sql<number>`count(*)`.as('open')])
    .where('submitted_at', 'is', null)
    .where('config_release', 'is not', null)
    .groupBy('config_release')
    .execute();
  return new Map(rows.map((row) => [Number(row.config_release), Number(row.open)]));
}

/**
 * Stores `snapshot` as release `number`; false when that number was taken meanwhile (another instance or command
 * made it first): the number is unique, so two releases never share one.
 */
export async function insertRelease(db: Kysely<Database> | Transaction<Database>, release: ReleaseSummary, snapshot: ConfigSnapshot): Promise<boolean> {
  const inserted = await db
    .insertInto('config_releases')
    .values({ ...release, files: JSON.stringify(snapshot.files) })
    .onConflict((conflict) => conflict.column('number').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Applications from before the first release: they were opened under the config it froze. */
export async function pinUnpinnedApplications(db: Kysely<Database> | Transaction<Database>, number: number): Promise<void> {
  await db.updateTable('users').set({ config_release: number }).where('config_release', 'is', null).execute();
}

/** An applicant's acknowledgements with the release each was given under (null: before releases), oldest first. */
export async function acknowledgementsOnRecord(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('acknowledgements')
    .leftJoin('acknowledgement_releases', 'acknowledgement_releases.acknowledgement_id', 'acknowledgements.id')
    .select(['acknowledgements.evidence_key', 'acknowledgements.version', 'acknowledgements.language', 'acknowledgements.text_sha256', 'acknowledgements.acknowledged_at', 'acknowledgement_releases.config_release'])
    .where('acknowledgements.user_id', '=', userId)
    .orderBy('acknowledgements.acknowledged_at', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, acknowledged_at: Number(row.acknowledged_at), config_release: row.config_release === null ? null : Number(row.config_release) }));
}

/** An applicant's consents that keep what they were given to (migration 101), oldest first. */
export async function consentsOnRecord(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom('consents')
    .select(['purpose', 'given_at', 'config_release', 'language', 'text_sha256'])
    .where('user_id', '=', userId)
    .where('text_sha256', 'is not', null)
    .orderBy('given_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.flatMap((row) => (row.language !== null && row.text_sha256 !== null ? [{ ...row, language: row.language, text_sha256: row.text_sha256, given_at: Number(row.given_at) }] : []));
}

/** The applications not yet submitted, with the step each waits at. */
export async function openApplications(db: Kysely<Database> | Transaction<Database>): Promise<{ id: string; nextStep: string | null }[]> {
  const rows = await db.selectFrom('users').select(['id', 'next_step']).where('submitted_at', 'is', null).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, nextStep: row.next_step }));
}

/** A release's migration: open applications waiting at each old step go on at its new one, pinned to the release. */
/** Open applications on release `from` move to release `to` (a release of wording alone): the same steps, new words. */
export async function repinOpenApplications(trx: Transaction<Database>, from: number, to: number): Promise<number> {
  const result = await trx.updateTable('users').set({ config_release: to }).where('submitted_at', 'is', null).where('config_release', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function moveOpenApplications(trx: Transaction<Database>, moves: Readonly<Record<string, string>>, release: number): Promise<number> {
  let moved = 0;
  for (const [from, to] of Object.entries(moves)) {
    const result = await trx.updateTable('users').set({ next_step: to, config_release: release }).where('submitted_at', 'is', null).where('next_step', '=', from).executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}
