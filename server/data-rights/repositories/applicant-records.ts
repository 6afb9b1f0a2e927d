import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Record<string, unknown>;

/**
 * Everything the database holds about one applicant, found by the schema itself: every table with a `user_id`
 * column (a table added later is covered with no change here), plus what is keyed by their phone or email (codes
 * sent, send logs, the sandbox outbox) and the sandbox providers' records of their requests. The data export reads
 * it; erasure deletes it.
 */

/** Columns that are secrets of the server, never handed out (hashes of tokens and codes, file names at rest). */
const secretColumn = /(_hash|^storage_key)$/;

async function userTables(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView && table.name !== 'users' && table.columns.some((column) => column.name === 'user_id'))
    .map((table) => table.name)
    .sort();
}

const destinations = (user: UserRow) => [user.phone, ...(user.email ? [user.email] : [])];

const withoutSecrets = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([column]) => !secretColumn.test(column)));

/** Ids the applicant's requests go by at the sandbox providers (identity requests, account aggregator consents, UPI). */
async function sandboxIds(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select request_id as id from identity_requests where user_id = ${userId}
    union select consent_id as id from income_proofs where user_id = ${userId} and consent_id is not null
    union select id from rpd_requests where user_id = ${userId}`.execute(db);
  return rows.map((row) => row.id);
}

/** Every row about the applicant, by table, secrets left out. */
export async function applicantRecords(db: Db, user: UserRow): Promise<Record<string, Row[]>> {
  const records: Record<string, Row[]> = { users: [withoutSecrets({ ...user })] };
  for (const table of await userTables(db)) {
    const { rows } = await sql<Row>`select * from ${sql.table(table)} where user_id = ${user.id}`.execute(db);
    if (rows.length > 0) records[table] = rows.map(withoutSecrets);
  }
  const sent = destinations(user);
  const { rows: sends } = await sql<Row>`select channel, destination, ip, sent_at from message_sends where destination in (${sql.join(sent)})`.execute(db);
  if (sends.length > 0) records.message_sends = sends;
  return records;
}

/** Deletes every row about the applicant, the applicant's own row last. Run inside one transaction. */
export async function eraseApplicantRecords(trx: Transaction<Database>, user: UserRow): Promise<void> {
  const ids = await sandboxIds(trx, user.id);
  if (ids.length > 0) await sql`delete from sandbox_requests where id in (${sql.join(ids)})`.execute(trx);
  const sent = destinations(user);
  await sql`delete from otp_challenges where destination in (${sql.join(sent)})`.execute(trx);
  await sql`delete from message_sends where destination in (${sql.join(sent)})`.execute(trx);
  await sql`delete from outbox where recipient in (${sql.join(sent)})`.execute(trx);
  for (const table of await userTables(trx)) await sql`delete from ${sql.table(table)} where user_id = ${user.id}`.execute(trx);
  await trx.deleteFrom('users').where('id', '=', user.id).execute();
}

/** After submission, what no law requires keeping: the logs of codes sent to the applicant and the codes themselves. */
export async function eraseSendLogs(db: Db, user: UserRow, now: number): Promise<void> {
  const sent = destinations(user);
  await sql`delete from message_sends where destination in (${sql.join(sent)})`.execute(db);
  await sql`delete from otp_challenges where destination in (${sql.join(sent)}) and (consumed_at is not null or dead = 1 or expires_at < ${now})`.execute(db);
}
