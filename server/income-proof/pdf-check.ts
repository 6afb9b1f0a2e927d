import { openPdf } from './pdf-worker';

/**
 * Is this a PDF we can open, and does it need a password we were given? Pure in effect: bytes in,
 * a result out, nothing stored or logged (the password least of all). pdf.js's legacy build opens
 * the file in a worker thread (pdf-open-worker.mjs), so the event loop never waits on a parse.
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
  const opened = await openPdf(bytes, password || undefined, { timeoutMs: options.timeoutMs ?? 5_000, idleMs: 30_000 });
  return opened.kind === 'ok' ? { kind: 'ok', encrypted: hasEncryptEntry(bytes), pages: opened.pages } : opened;
}
