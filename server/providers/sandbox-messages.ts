import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageProvider, OutgoingMessage } from './messages';
import { sandboxLatency } from './call-budget';
import { checkDestination } from './check-destination';
/** A gateway's own timeout for one message. */
const messageTimeoutMs = 10_000;
import { insertOutboxMessage } from './repositories/outbox';

/** The dev outbox route and the tests read what the sandbox sent. */
export { listOutbox, type OutboxEntry } from './repositories/outbox';

export interface SandboxOptions {
  /** Simulated gateway latency; default 150 ms, 0 in tests. */
  delayMs?: number;
}

export const sandboxProviderName = 'sandbox';
const defaultDelayMs = 150;

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
      await insertOutboxMessage(db, {
        id: randomUUID(),
        channel: message.channel,
        to: message.to,
        subject: message.subject ?? null,
        text: message.text,
        code: message.code ?? null,
        sentAt: nextSentAt(),
      });
    },
  };
}
