import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { MessageProvider, OutgoingMessage } from './messages';
import { checkDestination } from './check-destination';
import { maskEmail } from './mask';
import { withinCallLimit } from './call-budget';
import { ProviderError } from './provider-error';

export interface SmtpEmailOptions {
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps://user:pass@host:port (TLS). */
  url: string;
  /** The From header, e.g. 'Onboard <no-reply@broker.example>'. */
  from: string;
  /** Limit for connecting, the greeting and each socket wait; default 10 s. */
  timeoutMs?: number;
}

export const smtpProviderName = 'smtp';
const defaultTimeoutMs = 10_000;
const defaultSubject = 'Message from Onboard';

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
  const parts = [typeof code === 'string' ? code : '', typeof responseCode === 'number' ? String(responseCode) : '']
    .filter(Boolean)
    .join(' ');
  const detail = error.message.split(to).join(masked).split(to.toLowerCase()).join(masked);
  return parts ? `${parts}: ${detail}` : detail;
}

/** Real email over SMTP with nodemailer: subject, text and a minimal HTML part. */
export function createSmtpEmailProvider(options: SmtpEmailOptions): MessageProvider {
  if (!/^smtps?:\/\//.test(options.url)) {
    throw new ProviderError(smtpProviderName, 'SMTP url must start with smtp:// or smtps://');
  }
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  // nodemailer drops every other option when given `url`, so parse it here (same rules, query included).
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(options.url),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });

  return {
    name: smtpProviderName,
    async send(message: OutgoingMessage): Promise<void> {
      checkDestination(smtpProviderName, 'email', message);
      const masked = maskEmail(message.to);
      try {
        // nodemailer takes no AbortSignal: its own timeouts apply per socket wait, the request's deadline to the whole send.
        const mail = { from: options.from, to: message.to, subject: message.subject ?? defaultSubject, text: message.text, html: textToHtml(message.text) };
        await withinCallLimit(Infinity, () => transport.sendMail(mail));
      } catch (error) {
        // No `cause`: nodemailer's error holds the full address and the SMTP transcript.
        throw new ProviderError(
          smtpProviderName,
          `email to ${masked} failed: ${describeSmtpError(error, message.to, masked)}`,
        );
      }
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}
