import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import type { OutgoingMessage } from '../../server/providers/messages';
import { ProviderError } from '../../server/providers/provider-error';
import { createSandboxMessageProvider, listOutbox } from '../../server/providers/sandbox-messages';

const createOutbox = `CREATE TABLE outbox (
  id TEXT PRIMARY KEY, channel TEXT NOT NULL, recipient TEXT NOT NULL, subject TEXT,
  text TEXT NOT NULL, code TEXT, sent_at INTEGER NOT NULL)`;

let dir: string;
let db: Kysely<Database>;
let now: number;
const clock = () => now;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'onboard-sandbox-'));
  const sqlite = new SQLite(join(dir, 'test.db'));
  sqlite.exec(createOutbox);
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  now = Date.parse('2025-01-15T10:00:00.000Z');
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('sandbox message provider', () => {
  it('records an sms in the outbox with its code, subject and time', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    await provider.send({ channel: 'sms', to: '9876543210', text: 'Your Onboard OTP is 4821', code: '4821' });

    const rows = await db.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'sms',
      recipient: '9876543210',
      subject: null,
      text: 'Your Onboard OTP is 4821',
      code: '4821',
      sent_at: now,
    });
    expect(rows[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(provider.name).toBe('sandbox');
  });

  it('records an email with its subject; a message without code keeps code null', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    await provider.send({ channel: 'email', to: 'ravi@gmail.com', subject: 'Welcome', text: 'Hello' });
    const row = await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'email', recipient: 'ravi@gmail.com', subject: 'Welcome', code: null });
  });

  it('waits like a gateway before recording (default delay is on)', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 60 });
    const started = performance.now();
    await provider.send({ channel: 'sms', to: '9876543210', text: 'hi' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it.each<[string, OutgoingMessage, RegExp]>([
    ['a 9-digit number', { channel: 'sms', to: '987654321', text: 'x' }, /invalid sms destination/],
    ['an 11-digit number', { channel: 'sms', to: '98765432101', text: 'x' }, /10-digit Indian mobile/],
    ['a +91 prefix', { channel: 'sms', to: '+919876543210', text: 'x' }, /invalid sms destination/],
    ['a number starting with 5', { channel: 'sms', to: '5876543210', text: 'x' }, /invalid sms destination/],
    ['letters', { channel: 'sms', to: '98765abcde', text: 'x' }, /invalid sms destination/],
    ['an address for sms', { channel: 'sms', to: 'ravi@gmail.com', text: 'x' }, /invalid sms destination/],
    ['an email without @', { channel: 'email', to: 'ravi.gmail.com', text: 'x' }, /invalid email destination/],
    ['an email without domain', { channel: 'email', to: 'ravi@', text: 'x' }, /invalid email destination/],
    ['an email with a space', { channel: 'email', to: 'ra vi@gmail.com', text: 'x' }, /invalid email destination/],
    ['an empty text', { channel: 'sms', to: '9876543210', text: '  ' }, /empty message/],
  ])('rejects %s with a ProviderError and records nothing', async (_label, message, expected) => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    const error = await provider.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(expected);
    expect((error as ProviderError).message).not.toContain(message.to);
    expect(await db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });
});

describe('listOutbox', () => {
  it('returns the messages to one recipient, newest first, with ISO times', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    await provider.send({ channel: 'sms', to: '9876543210', text: 'first 1111', code: '1111' });
    now += 1000;
    await provider.send({ channel: 'sms', to: '9123456789', text: 'someone else 2222', code: '2222' });
    now += 1000;
    await provider.send({ channel: 'sms', to: '9876543210', text: 'second 3333', code: '3333' });

    expect(await listOutbox(db, '9876543210')).toEqual([
      { channel: 'sms', to: '9876543210', text: 'second 3333', code: '3333', sentAt: '2025-01-15T10:00:02.000Z' },
      { channel: 'sms', to: '9876543210', text: 'first 1111', code: '1111', sentAt: '2025-01-15T10:00:00.000Z' },
    ]);
    expect(await listOutbox(db, '9123456789')).toHaveLength(1);
    expect(await listOutbox(db, '9000000000')).toEqual([]);
  });

  it('keeps "newest first" exact for codes sent within one millisecond', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    for (const code of ['4001', '4002', '4003']) {
      await provider.send({ channel: 'sms', to: '9988776655', text: `code ${code}`, code });
    }
    expect((await listOutbox(db, '9988776655')).map((entry) => entry.code)).toEqual(['4003', '4002', '4001']);
  });

  it('matches addresses without regard to case', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    await provider.send({ channel: 'email', to: 'Ravi.K@Gmail.com', subject: 'Code', text: 'code 5555', code: '5555' });
    const [entry] = await listOutbox(db, 'ravi.k@gmail.com');
    expect(entry).toMatchObject({ channel: 'email', to: 'ravi.k@gmail.com', code: '5555' });
  });

  it('honours the limit (default 50), keeping the newest', async () => {
    const provider = createSandboxMessageProvider(db, clock, { delayMs: 0 });
    for (let i = 0; i < 55; i += 1) {
      now += 1;
      await provider.send({ channel: 'sms', to: '9876543210', text: `message ${i}`, code: String(1000 + i) });
    }
    const all = await listOutbox(db, '9876543210');
    expect(all).toHaveLength(50);
    expect(all[0]?.code).toBe('1054');
    const three = await listOutbox(db, '9876543210', 3);
    expect(three.map((m) => m.code)).toEqual(['1054', '1053', '1052']);
  });
});
