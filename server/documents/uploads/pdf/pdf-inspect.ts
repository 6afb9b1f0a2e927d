import { PdfFile } from './pdf-file';
import { openEncrypted } from './pdf-security';
import { PdfUnsure, type PdfValue, bytesOf, isDict, nameOf } from './pdf-syntax';

/**
 * The quick reading of an income-proof PDF: its cross-reference data, its encryption dictionary (does the
 * password open it) and its page tree (how many pages; does the first page exist), without parsing any page
 * content. Microseconds to a millisecond on the event loop, where pdf.js takes ~100 ms of a worker thread.
 */
export type Inspection =
  | { kind: 'ok'; encrypted: boolean; pages: number }
  /** Encrypted, and neither the given password nor none opens it. */
  | { kind: 'locked' };

const maxTreeDepth = 32;

/** The answer, or undefined when the quick reading cannot decide (damaged, unusual): pdf.js decides those. */
export function inspectPdf(bytes: Uint8Array, password: string | undefined): Inspection | undefined {
  try {
    const file = new PdfFile(bytes);
    const resolve = (value: PdfValue | undefined) => file.resolve(value);
    const encrypt = resolve(file.trailer.get('Encrypt'));
    if (isDict(encrypt)) {
      const ids = resolve(file.trailer.get('ID'));
      const access = openEncrypted(encrypt, Array.isArray(ids) ? bytesOf(resolve(ids[0])) : undefined, password, resolve);
      if (access.kind !== 'open') return { kind: 'locked' };
      file.decrypt = access.decrypt;
    } else if (encrypt !== undefined && encrypt !== null) {
      return undefined;
    }
    const root = resolve(file.trailer.get('Root'));
    const pages = isDict(root) ? resolve(root.get('Pages')) : undefined;
    const count = isDict(pages) ? pages.get('Count') : undefined;
    if (!isDict(pages) || typeof count !== 'number' || !Number.isInteger(count) || count < 1) return undefined;
    // The first page, as pdf.js's getPage(1) finds it: down the first kid of each node of the tree.
    let node: PdfValue | undefined = pages;
    for (let depth = 0; isDict(node) && nameOf(node.get('Type')) !== 'Page'; depth += 1) {
      const kids = resolve(node.get('Kids'));
      if (depth >= maxTreeDepth || !Array.isArray(kids) || kids.length === 0) return undefined;
      node = resolve(kids[0]);
    }
    return isDict(node) ? { kind: 'ok', encrypted: isDict(encrypt), pages: count } : undefined;
  } catch (error) {
    // Thrown by the reading itself (PdfUnsure), or by zlib or crypto on bad data: pdf.js decides.
    if (error instanceof PdfUnsure || error instanceof Error) return undefined;
    throw error;
  }
}
