import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AnalyticsEventRow, Database } from '../db/schema';

export type NewAnalyticsEvent = Omit<AnalyticsEventRow, 'id'>;

export async function insertAnalyticsEvents(db: Kysely<Database>, events: readonly NewAnalyticsEvent[]): Promise<void> {
  if (events.length > 0) await db.insertInto('analytics_events').values(events.map((event) => ({ id: randomUUID(), ...event }))).execute();
}

/** Deletes events older than `before`; returns how many. */
export async function deleteAnalyticsEventsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('analytics_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface Period {
  from: number;
  /** Exclusive. */
  to: number;
}

/**
 * Per applicant and step, when they first reached it (the server's step_reached or a signed-in page view) and first
 * completed it, within the period. Reached-and-completed pairs are what the funnel counts and times.
 */
function reachedAndCompleted(period: Period) {
  return sql`
    select r.step as step, r.subject as subject, r.reached_at as reached_at, c.completed_at as completed_at
    from (
      select step, subject, min(at) as reached_at from analytics_events
      where type in ('step_reached', 'page_view') and subject is not null and step is not null and at >= ${period.from} and at < ${period.to}
      group by step, subject
    ) r
    left join (
      select step, subject, min(at) as completed_at from analytics_events
      where type = 'step_completed' and subject is not null and at >= ${period.from} and at < ${period.to}
      group by step, subject
    ) c on c.step = r.step and c.subject = r.subject`;
}

/** Per step: applicants who reached it, and of those how many completed it, in the period. */
export async function funnelCounts(db: Kysely<Database>, period: Period): Promise<{ step: string; reached: number; completed: number }[]> {
  const { rows } = await sql<{ step: string; reached: number | string; completed: number | string }>`
    select f.step as step, count(*) as reached, count(f.completed_at) as completed
    from (${reachedAndCompleted(period)}) f
    group by f.step`.execute(db);
  return rows.map((row) => ({ step: row.step, reached: Number(row.reached), completed: Number(row.completed) }));
}

/** The median of completed_at − reached_at (ms) at one step, or null with none completed; portable SQL (no percentile). */
export async function medianCompletionMs(db: Kysely<Database>, period: Period, step: string, completed: number): Promise<number | null> {
  if (completed === 0) return null;
  const middle = Math.floor((completed - 1) / 2);
  const take = completed % 2 === 1 ? 1 : 2;
  const { rows } = await sql<{ duration: number | string }>`
    select f.completed_at - f.reached_at as duration
    from (${reachedAndCompleted(period)}) f
    where f.step = ${step} and f.completed_at is not null
    order by duration
    limit ${take} offset ${middle}`.execute(db);
  const values = rows.map((row) => Math.max(0, Number(row.duration)));
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Error messages shown per step in the period, most frequent first. Every error the app shows is a form_error (a
 * failed bank outcome's message is also shown as one), so bank outcomes are not counted again here.
 */
export async function errorCounts(db: Kysely<Database>, period: Period): Promise<{ step: string; message: string; count: number }[]> {
  const rows = await db
    .selectFrom('analytics_events')
    .select(['step', 'message', (eb) => eb.fn.countAll<number>().as('count')])
    .where('at', '>=', period.from)
    .where('at', '<', period.to)
    .where('message', 'is not', null)
    .where('step', 'is not', null)
    .where('type', '=', 'form_error')
    .groupBy(['step', 'message'])
    .orderBy('count', 'desc')
    .orderBy('message', 'asc')
    .execute();
  return rows.map((row) => ({ step: row.step ?? '', message: row.message ?? '', count: Number(row.count) }));
}
