import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createOutboxRecorder } from '../../simulated-outbox';
import type { ServerSimulator, SimulatorDeps } from '../../vendor';
import { emailPattern } from '../email';
import { readMail } from './mime';

/**
 * An SMTP server on loopback (a port of its own) that takes every mail and puts it in the outbox (/dev/outbox) as the
 * recipient's mailbox would show it: subject, plain text, the one-time code read back out of the text. The production
 * client (client.ts) talks to it as to any mail service. smtp-server is a development dependency: it is only loaded
 * here, and the simulators never run in production.
 */

const maxMailBytes = 1024 * 1024;

export const smtpSimulator: ServerSimulator<never> = {
  covers:
    'an SMTP server on a loopback port of its own takes every mail (no TLS, no login), decodes its subject and plain text (quoted-printable, base64, RFC 2047 words) and puts it into the outbox (`/dev/outbox`, `GET /api/dev/outbox`) with the one-time code read back out of the text it was worded from.',
  defaultDelayMs: 150,
  async listen(deps: SimulatorDeps) {
    const { SMTPServer } = await import('smtp-server');
    const deliver = createOutboxRecorder(deps);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: maxMailBytes,
      onRcptTo(address, _session, callback) {
        callback(emailPattern.test(address.address) ? null : Object.assign(new Error('Bad recipient address'), { responseCode: 553 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = readMail(Buffer.concat(chunks).toString('utf8'));
          const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
          void (async () => {
            if (deps.delayMs > 0) await sleep(deps.delayMs);
            for (const to of recipients) await deliver({ channel: 'email', to, subject: mail.subject, text: mail.text });
          })().then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error('could not deliver')),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    return {
      settings: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Onboard <no-reply@onboard.localhost>' },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
};
