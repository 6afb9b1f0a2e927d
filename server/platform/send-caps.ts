import type { Kysely } from 'kysely';
import { recordMessageSend, sendsSince } from './repositories/message-sends';
import type { Database, MessageSendsTable } from '../db/schema';
import { tooMany } from '../errors';
import type { Limits } from '../limits';

const day = 24 * 3_600_000;
const messageChannels = ['sms', 'email'] as const;

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
  const channels = messageChannels;
  await assertUnderCaps(deps, [
    { column: 'destination', value: send.destination, channels, max: limits.sendsPerDestination, windowMs: limits.sendWindowMs },
    { column: 'destination', value: send.destination, channels, max: limits.dailySendsPerDestination, windowMs: day },
    { column: 'ip', value: send.ip, channels, max: limits.sendsPerIp, windowMs: limits.sendWindowMs },
  ]);
  await recordMessageSend(deps.db, { ...send, now });
}

/**
 * Sign-in attempts for unregistered numbers, per IP: without this cap anyone could probe which
 * numbers hold an account (login answers 'mobile number not registered'). Records the attempt.
 */
export async function reserveUnknownNumberLookup(deps: CapDeps, ip: string): Promise<void> {
  const { limits } = deps;
  await assertUnderCaps(deps, [
    { column: 'ip', value: ip, channels: ['lookup'], max: limits.unknownNumberLookupsPerIp, windowMs: limits.sendWindowMs },
  ]);
  await recordMessageSend(deps.db, { channel: 'lookup', destination: '', ip, now: deps.clock() });
}

interface Cap {
  column: 'destination' | 'ip';
  value: string;
  channels: readonly MessageSendsTable['channel'][];
  max: number;
  windowMs: number;
}

/** 429 'too many requests', with Retry-After for when the oldest event leaves the window, at any full cap. */
async function assertUnderCaps(deps: CapDeps, caps: Cap[]): Promise<void> {
  const now = deps.clock();
  for (const cap of caps) {
    const window = await sendsSince(deps.db, cap, now - cap.windowMs);
    if (window.count >= cap.max) {
      const freeAt = (window.oldest ?? now) + cap.windowMs;
      throw tooMany('request.tooMany', freeAt - now);
    }
  }
}
