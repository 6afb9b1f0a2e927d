import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailClient } from '../../../../server/providers/email/email';
import { ProviderError } from '../../../../server/providers/provider-error';
import { createSmtpClient, textToHtml } from '../../../../server/providers/email/smtp/client';
import { smtp } from '../../../../server/providers/email/smtp';
import { listOutbox } from '../../../../server/providers/simulated-outbox';
import { clientDeps, repoProviderConfig, startVendorSimulator } from '../contract-harness';
import { noDeadline } from '../../../../server/providers/call-budget';

interface Received {
  /** Whether the mail came over TLS (smtps:// or after STARTTLS). */
  secure: boolean;
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real SMTP server on 127.0.0.1 and a random port that keeps every message it receives. */
async function startSmtp(extra: SMTPServerOptions = {}): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          secure: session.secure,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...extra,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

function track(provider: EmailClient): EmailClient {
  cleanups.push(async () => provider.close?.());
  return provider;
}

async function failure(promise: Promise<void>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const message = {
  to: 'ravi.k@gmail.com',
  subject: 'Your Onboard verification code',
  text: 'Your Onboard email verification code is 4821.\nIt is valid for 10 minutes.',
};

describe('SMTP client against a real SMTP server (smtp-server)', () => {
  it('delivers subject, text and an HTML part to a real SMTP server', async () => {
    const { port, received } = await startSmtp();
    const provider = track(
      createSmtpClient({ url: `smtp://127.0.0.1:${port}`, from: 'Onboard <no-reply@onboard.test>' }),
    );
    expect(provider.name).toBe('smtp');
    await provider.send(message, noDeadline);

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@onboard.test');
    expect(mail?.to).toEqual(['ravi.k@gmail.com']);
    expect(mail?.raw).toMatch(/^From: Onboard <no-reply@onboard\.test>$/m);
    expect(mail?.raw).toMatch(/^To: ravi\.k@gmail\.com$/m);
    expect(mail?.raw).toMatch(/^Subject: Your Onboard verification code$/m);
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('Your Onboard email verification code is 4821.');
    expect(mail?.raw).toContain('It is valid for 10 minutes.');
  });

  it('logs in with the credentials in the URL', async () => {
    const logins: string[] = [];
    const { port, received } = await startSmtp({
      allowInsecureAuth: true,
      authOptional: false,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password ?? ''}`);
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
        else callback(new Error('Invalid username or password'));
      },
    });
    const provider = track(
      createSmtpClient({ url: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'no-reply@onboard.test' }),
    );
    await provider.send(message, noDeadline);
    expect(logins).toEqual(['mailer:s3cret']);
    expect(received[0]?.user).toBe('mailer');
  });

  it('upgrades with STARTTLS when the server offers it, and speaks TLS from the start for smtps://', async () => {
    // smtp-server's own self-signed certificate: the URL's tls.rejectUnauthorized=false accepts it.
    const starttls = await startSmtp({ disabledCommands: [] });
    const plain = track(createSmtpClient({ url: `smtp://127.0.0.1:${starttls.port}?tls.rejectUnauthorized=false`, from: 'no-reply@onboard.test' }));
    await plain.send(message, noDeadline);
    expect(starttls.received.map((mail) => mail.secure)).toEqual([true]);

    const tls = await startSmtp({ secure: true });
    const secure = track(createSmtpClient({ url: `smtps://127.0.0.1:${tls.port}?tls.rejectUnauthorized=false`, from: 'no-reply@onboard.test' }));
    await secure.send(message, noDeadline);
    expect(tls.received.map((mail) => mail.secure)).toEqual([true]);
    expect(tls.received[0]?.raw).toContain('Your Onboard email verification code is 4821.');
  });

  it('sends each mail without waiting on Nagle: 20 mails one after another in well under 20 delayed ACKs (40 ms each)', async () => {
    const { port, received } = await startSmtp();
    const provider = track(createSmtpClient({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@onboard.test' }));
    await provider.send(message, noDeadline);
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) await provider.send(message, noDeadline);
    // With Nagle's algorithm on, each mail's later writes waited for the server's delayed ACK: at least 800 ms in all.
    expect(performance.now() - started).toBeLessThan(800);
    expect(received).toHaveLength(21);
  });

  it('turns a rejected recipient into a ProviderError that masks the address', async () => {
    const { port, received } = await startSmtp({
      onRcptTo(address, _session, callback) {
        const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 });
        callback(error);
      },
    });
    const provider = track(createSmtpClient({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@onboard.test' }));
    const error = await failure(provider.send(message, noDeadline));
    expect(error.message).toMatch(/^smtp: email to ra\*\*\*@gmail\.com failed: EENVELOPE 550/);
    expect(error.message).not.toContain('ravi.k@gmail.com');
    expect(error.message).not.toContain('4821');
    expect(error.cause).toBeUndefined();
    expect(received).toHaveLength(0);
  });

  it('turns a refused connection into a ProviderError', async () => {
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const provider = track(createSmtpClient({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@onboard.test' }));
    const error = await failure(provider.send(message, noDeadline));
    expect(error.message).toMatch(/^smtp: email to ra\*\*\*@gmail\.com failed: ESOCKET: connect ECONNREFUSED/);
  });

  it('gives up on a server that never greets, after timeoutMs', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createNetServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;
    const provider = track(
      createSmtpClient({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@onboard.test', timeoutMs: 200 }),
    );
    const started = performance.now();
    const error = await failure(provider.send(message, noDeadline));
    expect(error.message).toMatch(/ETIMEDOUT|Greeting never received/);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses bad addresses, empty texts and non-SMTP URLs before connecting', async () => {
    const provider = track(createSmtpClient({ url: 'smtp://127.0.0.1:1', from: 'no-reply@onboard.test' }));
    expect((await failure(provider.send({ ...message, text: ' ' }, noDeadline))).message).toMatch(/refusing to send an empty message/);
    expect((await failure(provider.send({ ...message, to: 'ravi.gmail.com' }, noDeadline))).message).toMatch(
      /invalid email destination/,
    );
    expect(() => createSmtpClient({ url: 'http://mail.example.com', from: 'x@y.z' })).toThrow(ProviderError);
  });

  it('builds an escaped HTML part from the text', () => {
    expect(textToHtml('Code <b>1</b> & more\nline two\n\nnext')).toContain(
      '<p>Code &#60;b&#62;1&#60;/b&#62; &#38; more<br>line two</p>\n<p>next</p>',
    );
  });
});

describe('SMTP simulator: the production client delivers into the outbox', () => {
  it('an English and a Hindi code email: subject and text as the mailbox shows them, the code read back from the text', async () => {
    const simulator = await startVendorSimulator(smtp);
    const client = track(smtp.create(simulator.settings, clientDeps('smtp')));
    const say = (language: string) => repoProviderConfig().texts.in(language).say;
    for (const [language, to] of [['en', 'ravi.k@gmail.com'], ['hi', 'sunita@example.in']] as const) {
      await client.send({ to, subject: say(language)('otp.emailSubject'), text: say(language)('otp.emailText', { code: '7390', minutes: 10 }) }, noDeadline);
      const [delivered] = await listOutbox(simulator.db, to);
      expect(delivered).toMatchObject({ channel: 'email', to, code: '7390', text: say(language)('otp.emailText', { code: '7390', minutes: 10 }) });
    }
  });

  it('a mail with no one-time code keeps code null; a reviewer sign-in code (ops.json) is read', async () => {
    const simulator = await startVendorSimulator(smtp);
    const client = track(smtp.create(simulator.settings, clientDeps('smtp')));
    await client.send({ to: 'a@b.co', subject: 'Decision', text: 'Your application was approved on 15/01/2026.' }, noDeadline);
    await client.send({ to: 'a@b.co', subject: 'Sign in', text: 'Your sign-in code for the Onboard back office is 123456. It is valid for 10 minutes.\n\nIf you did not try to sign in, tell your supervisor.' }, noDeadline);
    expect((await listOutbox(simulator.db, 'a@b.co')).map(({ code }) => code)).toEqual(['123456', null]);
  });
});
