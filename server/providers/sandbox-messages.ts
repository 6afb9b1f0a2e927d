import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageChannel, MessageProvider, OutgoingMessage } from './messages';
import { sandboxLatency } from './call-budget';
import { checkDestination } from './check-destination';
import { messageTimeoutMs } from './http-sms';

/** One outbox entry as the dev outbox route and page show it. */
export interface OutboxEntry {
  channel: MessageChannel;
  to: string;
  text: string;
  code: string | null;
  /** ISO 8601, UTC. */
  sentAt: string;
}

export interface SandboxOptions {
  /** Simulated gateway latency; default 150 ms, 0 in tests. */
  delayMs?: number;
}

export const sandboxProviderName = 'sandbox';
const defaultDelayMs = 150;
const maxListLimit = 500;

/** Addresses are compared without case; phone numbers as given. */
function outboxKey(to: string): string {
  return to.includes('@') ? to.trim().toLowerCase() : to.trim();
}

/**
 * Delivers nothing: checks the destination the way a gateway would, waits a gateway-like moment,
 * and records the message (code included) in the outbox table for people and tests to read.
 */
export function createSandboxMessageProvider(
  db: Kysely<Database>,
  clock: () => number,
  options: SandboxOptions = {},
): MessageProvider {
  const delayMs = Math.max(0, options.delayMs ?? defaultDelayMs);
  // Strictly increasing times, so "newest first" is exact even for two codes in one millisecond.
  let lastSentAt = 0;
  const nextSentAt = () => (lastSentAt = Math.max(clock(), lastSentAt + 1));
  return {
    name: sandboxProviderName,
    async send(message: OutgoingMessage): Promise<void> {
      checkDestination(sandboxProviderName, 'any', message);
      await sandboxLatency(sandboxProviderName, delayMs, messageTimeoutMs);
      await db
        .insertInto('outbox')
        .values({
          id: randomUUID(),
          channel: message.channel,
          recipient: outboxKey(message.to),
          subject: message.subject ?? null,
          text: message.text,
          code: message.code ?? null,
          sent_at: nextSentAt(),
        })
        .execute();
    },
  };
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
