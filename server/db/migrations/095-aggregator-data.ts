import type { Kysely } from 'kysely';

/**
 * An account-aggregator consent's data: the period asked for, the data session reading it (and how many were opened),
 * and the income summary derived from the statements, kept with the consent id. The step counts as done only once the
 * summary is there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('income_proofs').addColumn('data_range', 'text').execute();
  await db.schema.alterTable('income_proofs').addColumn('data_session_id', 'text').execute();
  await db.schema.alterTable('income_proofs').addColumn('data_sessions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('income_proofs').addColumn('income_summary', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['income_summary', 'data_sessions', 'data_session_id', 'data_range']) {
    await db.schema.alterTable('income_proofs').dropColumn(column).execute();
  }
}
