import { type Kysely, sql } from 'kysely';

/**
 * The studio's publishing at a set time (issue 31) in columns of their own: `publish_at`, the time an approver set
 * (epoch ms, null when none); `claimed_at`, when an instance claimed the draft to publish it (the claim is a lease:
 * another instance may take over one left 'publishing' too long). Drafts scheduled before this kept the time in their
 * latest 'scheduled' event's note ('publishes at <ISO>…'): it is read once, here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('config_drafts').addColumn('publish_at', 'bigint').execute();
  await db.schema.alterTable('config_drafts').addColumn('claimed_at', 'bigint').execute();
  await db.schema.createIndex('config_drafts_due').on('config_drafts').columns(['status', 'publish_at']).execute();

  const legacy = await sql<{ id: string; note: string | null }>`
    select d.id, e.note from config_drafts d join config_draft_events e on e.draft_id = d.id
    where d.status in ('scheduled', 'publishing') and e.action = 'scheduled' order by e.at`.execute(db);
  const times = new Map<string, number>();
  for (const { id, note } of legacy.rows) {
    const at = Date.parse(/^publishes at (\S+Z)/.exec(note ?? '')?.[1] ?? '');
    if (Number.isFinite(at)) times.set(id, at);
  }
  for (const [id, at] of times) await sql`update config_drafts set publish_at = ${at} where id = ${id}`.execute(db);
  // A claim made before leases: as old as the draft's last change, so it is taken over if it was left behind.
  await sql`update config_drafts set claimed_at = updated_at where status = 'publishing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('config_drafts_due').ifExists().execute();
  await db.schema.alterTable('config_drafts').dropColumn('claimed_at').execute();
  await db.schema.alterTable('config_drafts').dropColumn('publish_at').execute();
}
