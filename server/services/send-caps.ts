import type { Kysely } from 'kysely';
import { serverMessages } from '../../src/api/types';
import { recordMessageSend, sendsSince } from '../db/repositories/message-sends';
import type { Database } from '../db/schema';
import { tooMany } from '../errors';
import type { Limits } from '../limits';

const day = 24 * 3_600_000;

interface CapDeps {
  db: Kysely<Database>;
  clock: () => number;
  limits: Limits;
}

export interface SendRequest {
  channel: 'sms' | 'email';
  destination: string;
  ip: string;
}

/**
 * Throws 429 'too many requests' (Retry-After: when the oldest send leaves the window) if this
 * destination (per window or per day) or IP is at its cap; otherwise records the send. Checked before anything is sent.
 */
export async function reserveSend(deps: CapDeps, send: SendRequest): Promise<void> {
  const now = deps.clock();
  const { limits } = deps;
  const caps = [
    { column: 'destination' as const, value: send.destination, max: limits.sendsPerDestination, windowMs: limits.sendWindowMs },
    { column: 'destination' as const, value: send.destination, max: limits.dailySendsPerDestination, windowMs: day },
    { column: 'ip' as const, value: send.ip, max: limits.sendsPerIp, windowMs: limits.sendWindowMs },
  ];
  for (const cap of caps) {
    const window = await sendsSince(deps.db, cap, now - cap.windowMs);
    if (window.count >= cap.max) {
      const freeAt = (window.oldest ?? now) + cap.windowMs;
      throw tooMany(serverMessages.tooMany, freeAt - now);
    }
  }
  await recordMessageSend(deps.db, { ...send, now });
}
