import type { Kysely } from 'kysely';

/**
 * The applicant's data rights (DPDP Act 2023) and the rectification deadline:
 * - consents: one row per consent given to a purpose of flow-config/privacy.json, with the notice's version;
 *   withdrawing sets withdrawn_at, giving again adds a row (the history stays).
 * - erasure_log: erasure requests, answered or refused, naming the applicant only by a keyed hash (nothing of
 *   theirs is left once erased).
 * - rectification_deadlines: after a reject, when the applicant must have fixed it and how many reminders went out.
 * - users.submitted_at: when the journey ended (eSign done); KYC records are kept for years from then.
 * - income_declarations.statements: the re-KYC statements ticked, with their times (JSON).
 * - sandbox_requests.document: what the sandbox eSign was asked to sign (JSON), printed on its signed PDF.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('given_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .execute();
  await db.schema.createIndex('consents_user_purpose').on('consents').columns(['user_id', 'purpose', 'given_at']).execute();
  await db.schema
    .createTable('erasure_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createTable('rectification_deadlines')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('rectification_deadlines_due').on('rectification_deadlines').column('due_at').execute();
  await db.schema.alterTable('users').addColumn('submitted_at', 'bigint').execute();
  await db.schema.alterTable('income_declarations').addColumn('statements', 'text').execute();
  await db.schema.alterTable('sandbox_requests').addColumn('document', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_requests').dropColumn('document').execute();
  await db.schema.alterTable('income_declarations').dropColumn('statements').execute();
  await db.schema.alterTable('users').dropColumn('submitted_at').execute();
  await db.schema.dropTable('rectification_deadlines').ifExists().execute();
  await db.schema.dropTable('erasure_log').ifExists().execute();
  await db.schema.dropTable('consents').ifExists().execute();
}
