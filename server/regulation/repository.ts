import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { AcknowledgementRow, ContactDeclarationRow, Database, HelpRequestRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewAcknowledgement {
  userId: string;
  key: string;
  version: string;
  language: string;
  textSha256: string;
  statement: string;
  now: number;
}

// Read by the acknowledgement routes and eSign's check: compiled once (db/compiled-once.ts).
const applicantAcknowledgements = compiledOnce((db, userId: string) => db.selectFrom('acknowledgements').selectAll().where('user_id', '=', userId).orderBy('acknowledged_at', 'asc'));

/** Every acknowledgement of one applicant, oldest first. */
export async function acknowledgementsOf(db: Db, userId: string): Promise<AcknowledgementRow[]> {
  const { rows } = await applicantAcknowledgements(db, userId);
  return rows.map((row) => ({ ...row, acknowledged_at: Number(row.acknowledged_at) }));
}

/**
 * Records an acknowledgement, and the config release it was given under (`release`, null before releases); the same
 * key and version acknowledged again keeps the first one.
 */
export async function insertAcknowledgement(db: Kysely<Database>, ack: NewAcknowledgement & { release: number | null }): Promise<void> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('acknowledgements')
      .values({
        id,
        user_id: ack.userId,
        evidence_key: ack.key,
        version: ack.version,
        language: ack.language,
        text_sha256: ack.textSha256,
        statement: ack.statement,
        acknowledged_at: ack.now,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'evidence_key', 'version']).doNothing())
      .executeTakeFirst();
    if (ack.release !== null && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx.insertInto('acknowledgement_releases').values({ acknowledgement_id: id, config_release: ack.release }).execute();
    }
  });
}

/** The config release each acknowledgement was given under, by acknowledgement id (none: before releases). */
export async function acknowledgementReleases(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('acknowledgement_releases').selectAll().where('acknowledgement_id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.acknowledgement_id, Number(row.config_release)]));
}

/** The next number of a named sequence (a row lock on PostgreSQL: two instances never share one). */
export async function nextInSequence(db: Db, name: string): Promise<number> {
  const next = await db
    .updateTable('sequences')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(next.value);
}

/** Makes a consumed OTP challenge usable again (the opt-out's mobile code, when its email code was wrong). */
export async function releaseChallenge(db: Db, id: string): Promise<void> {
  await db.updateTable('otp_challenges').set({ consumed_at: null }).where('id', '=', id).execute();
}

/** Other applications that verified this email (the exchanges' one-email-per-client rule). */
export async function othersWithEmail(db: Db, userId: string, email: string): Promise<{ id: string }[]> {
  return db.selectFrom('users').select('id').where('email', '=', email).where('email_verified', '=', 1).where('id', '!=', userId).execute();
}

/** How many applications (but `exceptUserId`) declared this contact under this relation (a relation's `max` in config). */
export async function declaredUnderRelation(db: Db, channel: 'mobile' | 'email', destination: string, relation: string, exceptUserId?: string): Promise<number> {
  let query = db
    .selectFrom('contact_declarations')
    .select((eb) => eb.fn.count<number | string | bigint>('user_id').distinct().as('applications'))
    .where('channel', '=', channel)
    .where('destination', '=', destination)
    .where('relation', '=', relation);
  if (exceptUserId) query = query.where('user_id', '!=', exceptUserId);
  const row = await query.executeTakeFirst();
  return Number(row?.applications ?? 0);
}

export async function insertContactDeclaration(db: Db, row: Omit<ContactDeclarationRow, 'id'>): Promise<void> {
  await db.insertInto('contact_declarations').values({ id: randomUUID(), ...row }).execute();
}

/** The applicant's declarations, oldest first. */
export async function contactDeclarationsOf(db: Db, userId: string): Promise<ContactDeclarationRow[]> {
  const rows = await db.selectFrom('contact_declarations').selectAll().where('user_id', '=', userId).orderBy('declared_at', 'asc').execute();
  return rows.map((row) => ({ ...row, declared_at: Number(row.declared_at) }));
}

export interface DeclaredContactRow extends ContactDeclarationRow {
  phone: string;
  other_phone: string;
  other_status: string | null;
}

/** Every contact declaration (or one application's), with both applications' phones and the other one's status, newest first. */
export async function declaredContacts(db: Db, applicationId?: string): Promise<DeclaredContactRow[]> {
  let query = db
    .selectFrom('contact_declarations as d')
    .innerJoin('users as own', 'own.id', 'd.user_id')
    .innerJoin('users as other', 'other.id', 'd.other_user_id')
    .selectAll('d')
    .select(['own.phone as phone', 'other.phone as other_phone', 'other.next_step as other_status'])
    .orderBy('d.declared_at', 'desc');
  if (applicationId) query = query.where('d.user_id', '=', applicationId);
  return query.execute();
}

export async function insertHelpRequest(db: Db, row: Omit<HelpRequestRow, 'id'>): Promise<string> {
  const id = randomUUID();
  await db.insertInto('help_requests').values({ id, ...row }).execute();
  return id;
}

/** The newest help requests first. */
export async function latestHelpRequests(db: Db, limit: number): Promise<HelpRequestRow[]> {
  const rows = await db.selectFrom('help_requests').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

/** The relation declared for each of these applications' shared mobile number (channel 'mobile'), by application. */
export async function mobileRelationsOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('contact_declarations').select(['user_id', 'relation']).where('channel', '=', 'mobile').where('user_id', 'in', [...userIds]).execute();
  return new Map(rows.map((row) => [row.user_id, row.relation]));
}
