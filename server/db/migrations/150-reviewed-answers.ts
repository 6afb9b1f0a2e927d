import type { Kysely } from 'kysely';

/**
 * Each step's answers as the reviewer last decided on them (issue 32: what changed since the last review, field by
 * field). Written by every review decision, one row per applicant and step, replaced at the next decision; it goes
 * with the applicant's row (erasure).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviewed_answers')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reviewed_answers_pk', ['user_id', 'step_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reviewed_answers').ifExists().execute();
}
