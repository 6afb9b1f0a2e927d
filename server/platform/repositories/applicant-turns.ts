import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, UserRow } from '../../db/schema';

/** A turn asked for: whether it was taken, and the applicant's row as the statement that took it found it. */
export interface TakenTurn {
  taken: boolean;
  user: UserRow | undefined;
}

/** Every signed-in request on PostgreSQL takes a turn and ends it: both compiled once (db/compiled-once.ts). */
const takeTurnStatement = compiledOnce((db, userId: string, holder: string, expiresAt: number, now: number) =>
  db
    .with('taken', (qb) =>
      qb
        .insertInto('applicant_turns')
        .values({ user_id: userId, holder, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ holder, expires_at: expiresAt }).where('applicant_turns.expires_at', '<', now))
        .returning('holder'),
    )
    .selectFrom('users')
    .leftJoin('taken', (join) => join.onTrue())
    .selectAll('users')
    .select(sql<string | null>`taken.holder`.as('turn_holder'))
    .where('users.id', '=', userId)
    .forShare('users'),
);

const endTurnStatement = compiledOnce((db, userId: string, holder: string) => db.deleteFrom('applicant_turns').where('user_id', '=', userId).where('holder', '=', holder));

/**
 * Takes the applicant's turn for `holder` unless another holder's lease is still running, and reads the applicant's
 * row in the same round trip (PostgreSQL: the shared turns run there). The row is locked for share after the lease
 * was taken, so it is the latest committed version: what the turn before wrote, which it committed before it ended.
 */
export async function takeTurn(db: Kysely<Database>, userId: string, holder: string, now: number, leaseMs: number): Promise<TakenTurn> {
  const row = (await takeTurnStatement(db, userId, holder, now + leaseMs, now)).rows[0];
  // No such applicant (erased meanwhile): the lease was written all the same (a WITH statement always runs); the
  // request goes on without a row, as the session lookup found it.
  if (!row) return { taken: true, user: undefined };
  const { turn_holder: turnHolder, ...user } = row;
  return { taken: turnHolder === holder, user: turnHolder === holder ? user : undefined };
}

/** Ends `holder`'s turn (a turn another holder took over after the lease ran out stays theirs). */
export async function endTurn(db: Kysely<Database>, userId: string, holder: string): Promise<void> {
  await endTurnStatement(db, userId, holder);
}
