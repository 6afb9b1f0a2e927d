import type { Kysely } from 'kysely';

/**
 * A PAN check keeps the KRA's answer until the applicant confirms it: the KRA status of ours (validated, registered,
 * not_found...) and the permanent address the KRA holds (JSON, or null), which the confirmation moves onto the PAN
 * step's document. Checks made before have neither: they are confirmed as registered, as the old registry said.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pan_checks').addColumn('kra_status', 'text', (c) => c.notNull().defaultTo('registered')).execute();
  await db.schema.alterTable('pan_checks').addColumn('kra_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pan_checks').dropColumn('kra_address').execute();
  await db.schema.alterTable('pan_checks').dropColumn('kra_status').execute();
}
