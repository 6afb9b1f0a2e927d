import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { ConfigDraftRow, Database } from '../../db/schema';

/** 'scheduled': approved to publish at a set time; 'publishing': claimed by the one instance that publishes it. */
export type DraftStatus = 'editing' | 'proposed' | 'scheduled' | 'publishing' | 'published';

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

/** How a 'scheduled' event's note names the time it publishes at (the approver's note, if any, after a colon). */
const schedulePattern = /^publishes at (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)(?:: ([\s\S]*))?$/;

export function scheduleNote(at: number, note: string): string {
  return `publishes at ${new Date(at).toISOString()}${note ? `: ${note}` : ''}`;
}

export interface Schedule {
  draftId: string;
  /** When it publishes (ms). */
  at: number;
  /** The approver who set it. */
  actor: string;
  note: string;
}

/** The drafts approved to publish at a set time, each with its latest 'scheduled' event's time, approver and note. */
export async function scheduledDrafts(db: Kysely<Database>, draftId?: string): Promise<Map<string, Schedule>> {
  let query = db
    .selectFrom('config_draft_events')
    .innerJoin('config_drafts', 'config_drafts.id', 'config_draft_events.draft_id')
    .select(['config_draft_events.draft_id', 'config_draft_events.actor', 'config_draft_events.note'])
    .where('config_drafts.status', '=', 'scheduled')
    .where('config_draft_events.action', '=', 'scheduled');
  if (draftId !== undefined) query = query.where('config_drafts.id', '=', draftId);
  const rows = await query.orderBy('config_draft_events.at').execute();
  const found = new Map<string, Schedule>();
  for (const row of rows) {
    const match = schedulePattern.exec(row.note ?? '');
    if (match?.[1]) found.set(row.draft_id, { draftId: row.draft_id, at: Date.parse(match[1]), actor: row.actor, note: match[2] ?? '' });
  }
  return found;
}
