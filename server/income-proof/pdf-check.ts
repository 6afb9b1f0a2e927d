/**
 * Is this a PDF we can open, and does it need a password we were given? Pure: bytes in, a result
 * out, nothing stored or logged (the password least of all). pdf.js's legacy build runs in Node.
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

/** A PDF header may follow a little junk, as readers allow: '%PDF-' within the first 1 KB. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes('%PDF-', 0, 'latin1');
}

/** An /Encrypt entry in a trailer: encrypted, even when the user password is empty (owner-only protection). */
function hasEncryptEntry(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt', 0, 'latin1');
}

/** pdf.js's PasswordResponses: 1 no password given, 2 the wrong one. */
const needPassword = 1;
const incorrectPassword = 2;
const parseTimeoutMs = 10_000;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

function passwordCode(error: unknown): number | undefined {
  if (!(error instanceof Error) || error.name !== 'PasswordException') return undefined;
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

async function open(bytes: Uint8Array, password: string | undefined): Promise<PdfCheck> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument, VerbosityLevel } = await pdfjs;
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = getDocument({
    data: bytes.slice(),
    ...(password ? { password } : {}),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    disableAutoFetch: true,
    disableStream: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('parse timeout')), parseTimeoutMs);
  });
  try {
    const document = await Promise.race([task.promise, timeout]);
    await Promise.race([document.getPage(1), timeout]);
    return { kind: 'ok', encrypted: hasEncryptEntry(bytes), pages: document.numPages };
  } catch (error) {
    const code = passwordCode(error);
    if (code === needPassword) return { kind: 'password_required' };
    if (code === incorrectPassword) return { kind: 'wrong_password' };
    return { kind: 'unreadable' };
  } finally {
    clearTimeout(timer);
    await task.destroy();
  }
}

/** Checks content, encryption and password. An empty password counts as none. */
export async function checkPdf(bytes: Uint8Array, password?: string): Promise<PdfCheck> {
  if (!looksLikePdf(bytes)) return { kind: 'not_pdf' };
  return open(bytes, password === '' ? undefined : password);
}
