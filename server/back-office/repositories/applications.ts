import { type Kysely, type SelectQueryBuilder, type Transaction, sql } from 'kysely';
import type { Database, IdentityRequestRow, UserRow } from '../../db/schema';

/** The back office's view of applicants: lists by status and review moves. */

export interface ApplicationQuery {
  /** Next step to filter on; every applicant when unset. */
  status?: string;
  /** A whole phone number or PAN, or part of a name (matched in the steps' stored answers, case-insensitively). */
  search?: { phone?: string; pan?: string; name?: string };
  limit: number;
  offset: number;
}

/** Characters LIKE gives a meaning to, and the quote that ends a JSON string: never part of a searched name. */
const likeSpecial = /[%_\\"]/g;

/** The query's filters on any select from users (the page and its count). */
function filtered<O>(select: SelectQueryBuilder<Database, 'users', O>, query: ApplicationQuery): SelectQueryBuilder<Database, 'users', O> {
  let q = select;
  if (query.status !== undefined) q = q.where('next_step', '=', query.status);
  const { phone, pan, name } = query.search ?? {};
  if (phone !== undefined) q = q.where('phone', '=', phone);
  if (pan !== undefined) q = q.where('pan', '=', pan);
  if (name !== undefined) {
    // Stored answers are JSON text: a name is `"name":"…"` in one of them (the PAN registry's, or a nominee's).
    const pattern = `%"name":"%${name.toLowerCase().replace(likeSpecial, '')}%`;
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('step_data').select('step_data.user_id').whereRef('step_data.user_id', '=', 'users.id').where(sql<string>`lower(step_data.data)`, 'like', pattern),
      ),
    );
  }
  return q;
}

/** A page of applicants, the longest waiting (least recently changed) first, and how many match in all. */
export async function listApplications(db: Kysely<Database>, query: ApplicationQuery): Promise<{ rows: UserRow[]; total: number }> {
  const [page, totals] = await Promise.all([
    filtered(db.selectFrom('users').selectAll(), query).orderBy('updated_at', 'asc').orderBy('id', 'asc').limit(query.limit).offset(query.offset).execute(),
    filtered(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')), query).executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(totals.total) };
}

export interface ReviewMove {
  /** The status the decision was taken from: the move happens only if the applicant is still there. */
  from: string;
  to: string;
  /** JSON object step → { reason }. */
  rejectedSteps: string;
  now: number;
}

/** Moves the applicant to the decision's status; false when their status changed since it was read. */
export async function applyReviewMove(db: Kysely<Database> | Transaction<Database>, userId: string, move: ReviewMove): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ current_step: move.from, next_step: move.to, rejected_steps: move.rejectedSteps, updated_at: move.now })
    .where('id', '=', userId)
    .where('next_step', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The applicant's most recently verified identity request of a kind (their KYC: the name Aadhaar gave), if any. */
export async function latestVerifiedRequest(db: Kysely<Database>, userId: string, kind: IdentityRequestRow['kind']): Promise<IdentityRequestRow | undefined> {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '=', 'verified')
    .orderBy('verified_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When each of the applicant's steps last saved its answers (ms), by step id. */
export async function stepSaveTimes(db: Kysely<Database>, userId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('step_data').select(['step_id', 'updated_at']).where('user_id', '=', userId).execute();
  return new Map(rows.map((row) => [row.step_id, Number(row.updated_at)]));
}
