import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MessageSendsTable } from '../../db/schema';

export async function recordMessageSend(
  db: Kysely<Database>,
  send: { channel: MessageSendsTable['channel']; destination: string; ip: string; now: number },
): Promise<void> {
  await db
    .insertInto('message_sends')
    .values({ id: randomUUID(), channel: send.channel, destination: send.destination, ip: send.ip, sent_at: send.now })
    .execute();
}

export interface SendWindow {
  count: number;
  /** Oldest send still inside the window, to say when a slot frees up. */
  oldest: number | null;
}

/** Events of the given channels since `since`, to one destination or from one IP. */
export async function sendsSince(
  db: Kysely<Database>,
  key: { column: 'destination' | 'ip'; value: string; channels: readonly MessageSendsTable['channel'][] },
  since: number,
): Promise<SendWindow> {
  const row = await db
    .selectFrom('message_sends')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('sent_at').as('oldest')])
    .where(key.column, '=', key.value)
    .where('channel', 'in', key.channels)
    .where('sent_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}
