import type { MessageCode } from '../../../../core/engine/message-codes';
import { inspectPdf } from './pdf-inspect';
import { openPdf } from './pdf-worker';

/**
 * Is this a PDF we can open, and does it need a password we were given? Pure in effect: bytes in,
 * a result out, nothing stored or logged (the password least of all). The quick reading (pdf-inspect.ts:
 * cross-reference data, encryption dictionary, page tree) answers for well-formed files in about a
 * millisecond; anything it cannot open, and every refusal, goes to pdf.js's legacy build in a worker thread
 * (pdf-open-worker.mjs), which repairs damaged files as readers do, so the event loop never waits on a parse.
 * One leniency over pdf.js: a file that opens without a password is accepted whatever password came with it.
 */

export type PdfCheck =
  | { kind: 'ok'; encrypted: boolean; pages: number }
  /** The content is not a PDF, whatever the file is called. */
  | { kind: 'not_pdf' }
  /** Encrypted with a user password, and none was given. */
  | { kind: 'password_required' }
  | { kind: 'wrong_password' }
  /** Starts like a PDF but cannot be opened (damaged, truncated, too slow to parse). */
  | { kind: 'unreadable' };

/** The code of the message a refused PDF is answered with, by why it was refused. */
export const pdfRefusals: Record<Exclude<PdfCheck['kind'], 'ok'>, MessageCode> = {
  not_pdf: 'incomeProof.notPdf',
  password_required: 'incomeProof.passwordRequired',
  wrong_password: 'incomeProof.wrongPassword',
  unreadable: 'incomeProof.unreadable',
};

export interface PdfCheckOptions {
  /** Longest parse before the file counts as unreadable; default 5 s. */
  timeoutMs?: number;
}

/** A PDF header may follow a little junk, as readers allow: '%PDF-' within the first 1 KB. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes('%PDF-', 0, 'latin1');
}

/** An /Encrypt entry in a trailer: encrypted, even when the user password is empty (owner-only protection). */
function hasEncryptEntry(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt', 0, 'latin1');
}

/** Checks content, encryption and password. An empty password counts as none. */
export async function checkPdf(bytes: Uint8Array, password?: string, options: PdfCheckOptions = {}): Promise<PdfCheck> {
  if (!looksLikePdf(bytes)) return { kind: 'not_pdf' };
  const quick = inspectPdf(bytes, password || undefined);
  if (quick?.kind === 'ok') return quick;
  const opened = await openPdf(bytes, password || undefined, { timeoutMs: options.timeoutMs ?? 5_000, idleMs: 30_000 });
  return opened.kind === 'ok' ? { kind: 'ok', encrypted: quick?.kind === 'locked' || hasEncryptEntry(bytes), pages: opened.pages } : opened;
}
