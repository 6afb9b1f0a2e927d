import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
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

/**
 * Stored answers of `steps`, each with whether its application is still open (not submitted): what the studio counts
 * the applications that chose each option from.
 */
export async function answersOfSteps(db: Kysely<Database>, steps: readonly string[]): Promise<{ userId: string; step: string; data: string; open: boolean }[]> {
  if (steps.length === 0) return [];
  const rows = await db
    .selectFrom('step_data')
    .innerJoin('users', 'users.id', 'step_data.user_id')
    .select(['step_data.user_id', 'step_data.step_id', 'step_data.data', 'users.submitted_at'])
    .where('step_data.step_id', 'in', [...steps])
    .execute();
  return rows.map((row) => ({ userId: row.user_id, step: row.step_id, data: row.data, open: row.submitted_at === null }));
}

/** Open applications (not submitted) on release `number`. */
export async function openOnRelease(db: Kysely<Database>, number: number): Promise<number> {
  const row = await db.selectFrom('users').select(sql<number>`count(*)`.as('open')).where('submitted_at', 'is', null).where('config_release', '=', number).executeTakeFirst();
  return Number(row?.open ?? 0);
}
