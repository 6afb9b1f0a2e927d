import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { ConfigDraftRow, Database } from '../../db/schema';

/** 'scheduled': approved to publish at a set time; 'publishing': claimed by the one instance that publishes it. */
export type DraftStatus = 'editing' | 'proposed' | 'scheduled' | 'publishing' | 'published';

export async function insertDraft(db: Kysely<Database>, draft: Omit<ConfigDraftRow, 'version' | 'status' | 'published_release' | 'changes' | 'publish_at' | 'claimed_at'>): Promise<void> {
  await db.insertInto('config_drafts').values({ ...draft, changes: '{}', version: 1, status: 'editing', published_release: null, publish_at: null, claimed_at: null }).execute();
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
  change: Partial<Pick<ConfigDraftRow, 'changes' | 'status' | 'published_release' | 'publish_at' | 'claimed_at'>>,
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

/** Approved for a time that has come, or claimed longer ago than `leaseMs`. */
const due = (now: number, leaseMs: number) => (eb: ExpressionBuilder<Database, 'config_drafts'>) =>
  eb.or([eb.and([eb('status', '=', 'scheduled'), eb('publish_at', '<=', now)]), eb.and([eb('status', '=', 'publishing'), eb('claimed_at', '<=', now - leaseMs)])]);

/**
 * The drafts an instance may claim to publish at `now`: approved for a time that has come, or claimed by an instance
 * longer ago than `leaseMs` (one that stopped between its claim and the release).
 */
export async function dueDrafts(db: Kysely<Database>, now: number, leaseMs: number): Promise<ConfigDraftRow[]> {
  return db
    .selectFrom('config_drafts')
    .selectAll()
    .where(due(now, leaseMs))
    .orderBy('publish_at')
    .execute();
}

/**
 * Claims a due draft (read at `version`) to publish it, by one conditional update: of the instances trying at once,
 * exactly one gets true. The claim is a lease that runs from `now`.
 */
export async function claimDraft(db: Kysely<Database>, row: ConfigDraftRow, now: number, leaseMs: number, stamp: number): Promise<boolean> {
  const result = await db
    .updateTable('config_drafts')
    .set({ status: 'publishing', claimed_at: now, version: row.version + 1, updated_at: stamp })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .where(due(now, leaseMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who approved the draft to publish at a set time (the latest 'scheduled' event's actor). */
export async function scheduledBy(db: Kysely<Database>, draftId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config_draft_events')
    .select('actor')
    .where('draft_id', '=', draftId)
    .where('action', '=', 'scheduled')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actor;
}

/** The release with content `hash` made after release `after`, if any: how a draft's own release is recognised. */
export async function releaseOfHash(db: Kysely<Database>, hash: string, after: number): Promise<{ number: number; createdBy: string } | undefined> {
  const row = await db
    .selectFrom('config_releases')
    .select(['number', 'created_by'])
    .where('hash', '=', hash)
    .where('number', '>', after)
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();
  return row ? { number: row.number, createdBy: row.created_by } : undefined;
}
