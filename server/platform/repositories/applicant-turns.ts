import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Takes the applicant's turn for `holder` unless another holder's lease is still running; true when taken. */
export async function takeTurn(db: Kysely<Database>, userId: string, holder: string, now: number, leaseMs: number): Promise<boolean> {
  const taken = await db
    .insertInto('applicant_turns')
    .values({ user_id: userId, holder, expires_at: now + leaseMs })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ holder, expires_at: now + leaseMs }).where('applicant_turns.expires_at', '<', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

/** Ends `holder`'s turn (a turn another holder took over after the lease ran out stays theirs). */
export async function endTurn(db: Kysely<Database>, userId: string, holder: string): Promise<void> {
  await db.deleteFrom('applicant_turns').where('user_id', '=', userId).where('holder', '=', holder).execute();
}
