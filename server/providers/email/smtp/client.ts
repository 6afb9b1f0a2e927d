import { type Socket, connect } from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import { type Deadline, withinCallLimit } from '../../call-budget';
import { maskEmail } from '../../mask';
import { ProviderError } from '../../provider-error';
import type { VendorSettings } from '../../vendor';
import { type EmailClient, type EmailMessage, emailPattern } from '../email';
import { composeMail } from './compose';

/**
 * Email over SMTP with nodemailer: a documented protocol, not a vendor's API (RFC 5321 for the conversation, RFC 5322
 * and 2045-2047 for the message; https://nodemailer.com/smtp/ for the URL form and the timeouts). Any broker's mail
 * service (SES, Postmark, their own relay) speaks it. STARTTLS is used when the server offers it; smtps:// is TLS.
 */

const defaultTimeoutMs = 10_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The text as paragraphs, escaped; enough for mail clients that prefer HTML. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:sans-serif">\n${paragraphs}\n</body></html>`;
}

/** nodemailer's error code and SMTP reply code, with the address replaced by its masked form. */
function describeSmtpError(error: unknown, to: string, masked: string): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : '', typeof responseCode === 'number' ? String(responseCode) : ''].filter(Boolean).join(' ');
  const detail = error.message.split(to).join(masked).split(to.toLowerCase()).join(masked);
  return parts ? `${parts}: ${detail}` : detail;
}

type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void;

/**
 * The pool's TCP connections, opened here with Nagle's algorithm off (nodemailer's own leave it on): nodemailer writes
 * a mail in several small writes, and each after the first waited for the server's delayed ACK, about 40 ms per mail
 * and a connection held that long (bench/README.md, issue 33). nodemailer speaks SMTP on the socket as before: TLS
 * for smtps://, STARTTLS when offered, its own timeouts from the greeting on; this one bounds the connect.
 */
function openSocket(timeoutMs: number) {
  return (options: SMTPPool.Options, callback: SocketCallback): void => {
    const secure = options.secure === true || (options.secure === undefined && Number(options.port) === 465);
    // nodemailer's defaults for a URL without them.
    let socket: Socket;
    try {
      socket = connect({ host: options.host || 'localhost', port: Number(options.port) || (secure ? 465 : 587), noDelay: true });
    } catch (error) {
      // A port out of range throws here rather than failing the connect.
      callback(error instanceof Error ? error : new Error('could not connect'));
      return;
    }
    // Failures carry nodemailer's own codes, so they read as before ('ESOCKET: connect ECONNREFUSED …').
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    const failed = (error: Error & { code?: unknown }) => {
      clearTimeout(timer);
      callback(error.code === 'ETIMEDOUT' ? error : Object.assign(error, { code: 'ESOCKET' }));
    };
    socket.once('error', failed);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', failed);
      callback(null, { connection: socket });
    });
  };
}

export interface SmtpOptions {
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://user:pass@host:port (TLS). */
  url: string;
  /** The From header, e.g. 'Onboard <no-reply@broker.example>'. */
  from: string;
  /** Limit for connecting, the greeting and each socket wait; default 10 s. */
  timeoutMs?: number;
}

export function createSmtpClient(options: SmtpOptions): EmailClient {
  const vendor = 'smtp';
  if (!/^smtps?:\/\//.test(options.url)) throw new ProviderError(vendor, 'SMTP_URL must start with smtp:// or smtps://');
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  // nodemailer drops every other option when given `url`, so parse it here (same rules, query included). A pool of
  // connections kept open: each mail would otherwise pay a TCP (and TLS) handshake and the SMTP greeting.
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 5,
    ...parseConnectionUrl(options.url),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    getSocket: openSocket(timeoutMs),
  });

  return {
    name: vendor,
    async send(message: EmailMessage, deadline: Deadline): Promise<void> {
      const masked = maskEmail(message.to);
      if (!emailPattern.test(message.to)) throw new ProviderError(vendor, 'invalid email destination: expected an address like name@example.com');
      if (message.text.trim() === '') throw new ProviderError(vendor, 'refusing to send an empty message');
      try {
        // nodemailer takes no AbortSignal: its own timeouts apply per socket wait, the request's deadline to the whole send.
        const mail = { from: options.from, to: message.to, subject: message.subject, text: message.text, html: textToHtml(message.text) };
        // Written whole before a pooled connection is taken (compose.ts).
        await withinCallLimit(Infinity, deadline, () => transport.sendMail(composeMail(mail)));
      } catch (error) {
        // No `cause`: nodemailer's error holds the full address and the SMTP transcript.
        throw new ProviderError(vendor, `email to ${masked} failed: ${describeSmtpError(error, message.to, masked)}`);
      }
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}

export function createSmtpClientFrom(settings: VendorSettings): EmailClient {
  return createSmtpClient({ url: settings.SMTP_URL ?? '', from: settings.MAIL_FROM ?? '' });
}
