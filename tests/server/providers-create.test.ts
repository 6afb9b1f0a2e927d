import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { createMessageProviders, type MessageProviderEnv } from '../../server/providers/create-message-providers';
import { listOutbox } from '../../server/providers/sandbox-messages';

let db: Kysely<Database>;
const clock = () => Date.parse('2025-02-01T09:30:00.000Z');
const cleanups: Array<() => Promise<void>> = [];

beforeEach(() => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`CREATE TABLE outbox (id TEXT PRIMARY KEY, channel TEXT NOT NULL, recipient TEXT NOT NULL,
    subject TEXT, text TEXT NOT NULL, code TEXT, sent_at INTEGER NOT NULL)`);
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.destroy();
});

const sms = { channel: 'sms' as const, to: '9876543210', text: 'Your Onboard OTP is 4821', code: '4821' };
const email = { channel: 'email' as const, to: 'ravi@gmail.com', subject: 'Verify', text: 'Code 7390', code: '7390' };

describe('createMessageProviders', () => {
  it.each<[string, MessageProviderEnv]>([
    ['no environment', {}],
    ['blank values', { SMTP_URL: ' ', MAIL_FROM: '', SMS_GATEWAY_URL: '' }],
    ['only a gateway token', { SMS_GATEWAY_TOKEN: 'x', SMS_SENDER_ID: 'ABCDEF' }],
  ])('uses the sandbox for both channels with %s', async (_label, env) => {
    const providers = createMessageProviders(env, db, clock, { sandboxDelayMs: 0 });
    expect(providers.sms.name).toBe('sandbox');
    expect(providers.email.name).toBe('sandbox');
    await providers.sms.send(sms);
    await providers.email.send(email);
    expect(await listOutbox(db, '9876543210')).toEqual([
      { channel: 'sms', to: '9876543210', text: sms.text, code: '4821', sentAt: '2025-02-01T09:30:00.000Z' },
    ]);
    expect((await listOutbox(db, 'ravi@gmail.com'))[0]?.code).toBe('7390');
  });

  it('sends email over SMTP when SMTP_URL and MAIL_FROM are set, SMS stays in the sandbox', async () => {
    const recipients: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        recipients.push(...session.envelope.rcptTo.map((r) => r.address));
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as AddressInfo).port;

    const providers = createMessageProviders(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Onboard <no-reply@onboard.test>' },
      db,
      clock,
      { sandboxDelayMs: 0 },
    );
    cleanups.push(async () => providers.email.close?.());
    expect(providers.email.name).toBe('smtp');
    expect(providers.sms.name).toBe('sandbox');
    await providers.email.send(email);
    expect(recipients).toEqual(['ravi@gmail.com']);
    expect(await listOutbox(db, 'ravi@gmail.com')).toEqual([]);
  });

  it('sends SMS through the gateway when SMS_GATEWAY_URL is set, with its token and sender id', async () => {
    const seen: Array<{ auth: string | undefined; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;

    const providers = createMessageProviders(
      { SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'tok', SMS_SENDER_ID: 'BRKONB' },
      db,
      clock,
      { sandboxDelayMs: 0 },
    );
    expect(providers.sms.name).toBe('http-sms');
    expect(providers.email.name).toBe('sandbox');
    await providers.sms.send(sms);
    expect(seen).toEqual([{ auth: 'Bearer tok', body: JSON.stringify({ to: '+919876543210', sender: 'BRKONB', text: sms.text }) }]);
    expect(await listOutbox(db, '9876543210')).toEqual([]);
  });

  it('refuses SMTP_URL without MAIL_FROM', () => {
    expect(() => createMessageProviders({ SMTP_URL: 'smtp://mail.example.com:587' }, db, clock)).toThrow(
      'MAIL_FROM must be set when SMTP_URL is set',
    );
  });

  it('accepts process.env as it is', () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'test' };
    expect(createMessageProviders(env, db, clock).sms.name).toBe('sandbox');
  });
});
