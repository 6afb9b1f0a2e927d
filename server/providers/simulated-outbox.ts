import { randomUUID } from 'node:crypto';
import { insertOutboxMessage } from './repositories/outbox';

/** The dev outbox routes read what the simulators delivered. */
export { listOutbox, type OutboxEntry } from './repositories/outbox';
import type { SimulatorDeps } from './vendor';

/**
 * Where the SMS and email simulators put what they deliver: the outbox that /dev/outbox and GET /api/dev/outbox read,
 * as the recipient's phone or mailbox would show it, with its one-time code read back out of the text.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The `{code}` of `text`, read by the config text it was worded from (its other placeholders match anything). */
export function codeReader(codeTexts: readonly string[]): (text: string) => string | null {
  const patterns = codeTexts.map((template) => {
    const parts = template.trim().split(/(\{\w+\})/);
    const source = parts.map((part) => (part === '{code}' ? '(?<code>[0-9A-Za-z]{4,10})' : /^\{\w+\}$/.test(part) ? '[\\s\\S]*?' : escapeRegExp(part))).join('');
    return new RegExp(`^${source}$`);
  });
  return (text) => {
    const trimmed = text.trim().replace(/\r\n/g, '\n');
    for (const pattern of patterns) {
      const code = pattern.exec(trimmed)?.groups?.code;
      if (code) return code;
    }
    return null;
  };
}

export interface Delivered {
  channel: 'sms' | 'email';
  /** A 10-digit mobile or an address. */
  to: string;
  subject?: string;
  text: string;
  /** Known from the vendor's request (a template variable); else read from the text. */
  code?: string | null;
}

/** Records each delivered message in the outbox, at strictly increasing times (newest first is exact). */
export function createOutboxRecorder(deps: Pick<SimulatorDeps, 'db' | 'clock'> & { config: Pick<SimulatorDeps['config'], 'codeTexts'> }): (message: Delivered) => Promise<void> {
  const readCode = codeReader(deps.config.codeTexts);
  let lastSentAt = 0;
  return async (message) => {
    lastSentAt = Math.max(deps.clock(), lastSentAt + 1);
    await insertOutboxMessage(deps.db, {
      id: randomUUID(),
      channel: message.channel,
      to: message.to,
      subject: message.subject ?? null,
      text: message.text,
      code: message.code ?? readCode(message.text),
      sentAt: lastSentAt,
    });
  };
}
