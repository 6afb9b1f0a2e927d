import type { Kysely } from 'kysely';

/**
 * The exchanges' one-mobile-and-one-email-per-client rule: a contact another application already verified is used
 * again only with the applicant's declaration that it belongs to a family member (spouse, dependent child, dependent
 * parent). Each declaration: the channel, the relation declared, the other application it matches, when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_declarations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('relation', 'text', (c) => c.notNull())
    .addColumn('other_user_id', 'text', (c) => c.notNull())
    .addColumn('declared_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_declarations_user').on('contact_declarations').columns(['user_id', 'channel']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_declarations').ifExists().execute();
}
