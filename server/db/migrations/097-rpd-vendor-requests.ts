import type { Kysely } from 'kysely';

/**
 * A UPI payment request is now the vendor's (Setu's, Cashfree's): rpd_requests.vendor_request_id is the vendor's id
 * of it, which its webhooks and status answers name (unique per vendor, in `provider`); checked_at is when its status
 * was last asked of the vendor, so polling the applicant's screen does not poll the vendor as often. Older rows (the
 * in-process sandbox's) have neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rpd_requests').addColumn('vendor_request_id', 'text').execute();
  await db.schema.alterTable('rpd_requests').addColumn('checked_at', 'bigint').execute();
  await db.schema.createIndex('rpd_requests_vendor').on('rpd_requests').columns(['provider', 'vendor_request_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rpd_requests_vendor').ifExists().execute();
  await db.schema.alterTable('rpd_requests').dropColumn('checked_at').execute();
  await db.schema.alterTable('rpd_requests').dropColumn('vendor_request_id').execute();
}
