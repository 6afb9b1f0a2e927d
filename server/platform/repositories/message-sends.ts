import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, MessageSendsTable } from '../../db/schema';

// Every code sent and every unknown number looked up runs these: compiled once (db/compiled-once.ts).
const sendInsert = compiledOnce((db, id: string, channel: MessageSendsTable['channel'], destination: string, ip: string, sentAt: number) =>
  db.insertInto('message_sends').values({ id, channel, destination, ip, sent_at: sentAt }),
);

export async function recordMessageSend(
  db: Kysely<Database>,
  send: { channel: MessageSendsTable['channel']; destination: string; ip: string; now: number },
): Promise<void> {
  await sendInsert(db, randomUUID(), send.channel, send.destination, send.ip, send.now);
}

type Column = 'destination' | 'ip';
const windowQuery = (column: Column, channels: readonly MessageSendsTable['channel'][]) =>
  compiledOnce((db, value: string, since: number) =>
    db
      .selectFrom('message_sends')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('sent_at').as('oldest')])
      .where(column, '=', value)
      .where('channel', 'in', channels)
      .where('sent_at', '>', since),
  );
/** One compiled query per column and list of channels (the caps name a few fixed lists). */
const windowQueries = new Map<string, ReturnType<typeof windowQuery>>();

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
  const shape = `${key.column} ${key.channels.join(',')}`;
  let query = windowQueries.get(shape);
  if (!query) windowQueries.set(shape, (query = windowQuery(key.column, key.channels)));
  const row = (await query(db, key.value, since)).rows[0];
  return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}
