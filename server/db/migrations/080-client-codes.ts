import { sql, type Kysely } from 'kysely';

/**
 * Client IDs: users.client_code, assigned once by the back office's 'complete' decision (unique), numbered from
 * one sequence per broker (sequences), so two instances on one database never hand out the same number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('client_code', 'text').execute();
  await db.schema.createIndex('users_client_code').unique().on('users').column('client_code').execute();
  await db.schema
    .createTable('sequences')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into sequences (name, value) values ('client_code', 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sequences').ifExists().execute();
  await db.schema.dropIndex('users_client_code').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('client_code').execute();
}
