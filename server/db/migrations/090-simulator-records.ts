import type { Kysely } from 'kysely';

/**
 * What each vendor's simulator keeps, as the vendor's own database would (server/providers/simulator-store.ts): records
 * by vendor, kind and id, their fields as JSON. Shared by every instance on the database; holds nothing in production,
 * where no simulator runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sim_records')
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_records_pk', ['vendor', 'kind', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sim_records').ifExists().execute();
}
