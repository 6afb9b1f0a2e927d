import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ConfigDraftRow, Database } from '../../db/schema';

export type DraftStatus = 'editing' | 'proposed' | 'published';

export async function insertDraft(db: Kysely<Database>, draft: Omit<ConfigDraftRow, 'version' | 'status' | 'published_release' | 'changes'>): Promise<void> {
  await db.insertInto('config_drafts').values({ ...draft, changes: '{}', version: 1, status: 'editing', published_release: null }).execute();
}

export async function findDraft(db: Kysely<Database>, id: string): Promise<ConfigDraftRow | undefined> {
  return db.selectFrom('config_drafts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDrafts(db: Kysely<Database>): Promise<ConfigDraftRow[]> {
  return db.selectFrom('config_drafts').selectAll().orderBy('created_at', 'desc').execute();
}

/**
 * Moves a draft on from `version` (the one its change was made on): false when someone else's change came first,
 * so nothing is overwritten unseen.
 */
export async function updateDraft(
  db: Kysely<Database>,
  id: string,
  version: number,
  change: Partial<Pick<ConfigDraftRow, 'changes' | 'status' | 'published_release'>>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('config_drafts')
    .set({ ...change, version: version + 1, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordDraftEvent(db: Kysely<Database>, event: { draftId: string; at: number; actor: string; action: string; note: string | null }): Promise<void> {
  await db.insertInto('config_draft_events').values({ id: randomUUID(), draft_id: event.draftId, at: event.at, actor: event.actor, action: event.action, note: event.note }).execute();
}

export async function draftEvents(db: Kysely<Database>, draftId: string) {
  return db.selectFrom('config_draft_events').select(['at', 'actor', 'action', 'note']).where('draft_id', '=', draftId).orderBy('at').orderBy('id').execute();
}
