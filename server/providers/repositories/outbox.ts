import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the simulators deliver: an SMS to a phone or an email to an address. */
export type MessageChannel = 'sms' | 'email';

/** One outbox entry as the dev outbox route and page show it. */
export interface OutboxEntry {
  channel: MessageChannel;
  to: string;
  text: string;
  code: string | null;
  /** ISO 8601, UTC. */
  sentAt: string;
}

/** One message the sandbox gateway accepted, as the outbox table keeps it. */
export interface OutboxMessage {
  id: string;
  channel: MessageChannel;
  to: string;
  subject: string | null;
  text: string;
  code: string | null;
  sentAt: number;
}

const maxListLimit = 500;

/** Addresses are compared without case; phone numbers as given. */
function outboxKey(to: string): string {
  return to.includes('@') ? to.trim().toLowerCase() : to.trim();
}

export async function insertOutboxMessage(db: Kysely<Database>, message: OutboxMessage): Promise<void> {
  const { to, sentAt, ...rest } = message;
  await db.insertInto('outbox').values({ ...rest, recipient: outboxKey(to), sent_at: sentAt }).execute();
}

/** The newest `limit` (1 to 500, default 50) outbox messages sent to `to`, newest first. */
export async function listOutbox(db: Kysely<Database>, to: string, limit = 50): Promise<OutboxEntry[]> {
  const take = Math.min(maxListLimit, Math.max(1, Math.trunc(limit) || 1));
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'recipient', 'text', 'code', 'sent_at'])
    .where('recipient', '=', outboxKey(to))
    .orderBy('sent_at', 'desc')
    .limit(take)
    .execute();
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    text: row.text,
    code: row.code,
    // PostgreSQL returns bigint columns as strings.
    sentAt: new Date(Number(row.sent_at)).toISOString(),
  }));
}
