import type { Kysely } from 'kysely';

/**
 * Named back-office accounts and their sessions, apart from the applicants' (a reviewer's token is never looked up
 * in `sessions`, nor an applicant's in `reviewer_sessions`). Reviewers are disabled, never deleted: the audit trail
 * names them by email.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviewers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .addColumn('disabled_by', 'text')
    .execute();

  await db.schema
    .createTable('reviewer_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('reviewers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('reviewer_sessions_reviewer').on('reviewer_sessions').column('reviewer_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reviewer_sessions').ifExists().execute();
  await db.schema.dropTable('reviewers').ifExists().execute();
}
