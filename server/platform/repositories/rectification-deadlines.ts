import type { Kysely, Transaction } from 'kysely';
import type { Database, RectificationDeadlineRow } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Opens (or, after another reject or a reopen, restarts) the applicant's deadline. */
export async function openDeadline(db: Db, userId: string, openedAt: number, dueAt: number): Promise<void> {
  await db
    .insertInto('rectification_deadlines')
    .values({ user_id: userId, opened_at: openedAt, due_at: dueAt, reminders_sent: 0 })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ opened_at: openedAt, due_at: dueAt, reminders_sent: 0 }))
    .execute();
}

export async function findDeadline(db: Db, userId: string): Promise<RectificationDeadlineRow | undefined> {
  return db.selectFrom('rectification_deadlines').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Deadlines of applicants still fixing (their next step is `status`). */
export async function deadlinesAt(db: Db, status: string): Promise<RectificationDeadlineRow[]> {
  return db
    .selectFrom('rectification_deadlines')
    .innerJoin('users', 'users.id', 'rectification_deadlines.user_id')
    .selectAll('rectification_deadlines')
    .where('users.next_step', '=', status)
    .orderBy('rectification_deadlines.due_at', 'asc')
    .execute();
}

/** Counts reminders sent, if no other sweep did meanwhile: true for the one that sends them. */
export async function claimReminders(db: Db, userId: string, from: number, to: number): Promise<boolean> {
  const result = await db
    .updateTable('rectification_deadlines')
    .set({ reminders_sent: to })
    .where('user_id', '=', userId)
    .where('reminders_sent', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the applicant from `from` to `to` if still there (another sweep, or a fix, may have moved them). */
export async function moveStatus(db: Db, userId: string, from: string, to: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ current_step: from, next_step: to, updated_at: now })
    .where('id', '=', userId)
    .where('next_step', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

