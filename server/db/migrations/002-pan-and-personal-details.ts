import type { Kysely } from 'kysely';

/**
 * PAN checks awaiting confirm-pan, one per applicant; the other-options declaration; and one
 * account per PAN. Portable SQL only: both SQLite and PostgreSQL allow many NULLs in a unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pan_checks')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pan', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('other_options_declaration', 'integer').execute();
  await db.schema.createIndex('users_pan_unique').on('users').column('pan').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_pan_unique').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('other_options_declaration').execute();
  await db.schema.dropTable('pan_checks').ifExists().execute();
}
