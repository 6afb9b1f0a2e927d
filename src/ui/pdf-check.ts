/** Pure-ish checks of a picked file before it is sent: the server decides by content too, this only saves a trip. */

const PDF_MAGIC = '%PDF-';

async function firstBytes(file: Blob, count: number): Promise<string> {
  const head = file.slice(0, count);
  const buffer = typeof head.arrayBuffer === 'function' ? await head.arrayBuffer() : await new Response(head).arrayBuffer();
  return String.fromCharCode(...new Uint8Array(buffer));
}

/** A PDF by what it holds (its first bytes), whatever its name or declared type say. */
export async function looksLikePdf(file: Blob): Promise<boolean> {
  return (await firstBytes(file, PDF_MAGIC.length)) === PDF_MAGIC;
}

/** '612 KB', '2.4 MB': for the chosen file's line. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A PDF's page count, read from its page tree (the root's /Count is the largest), for the chosen file's line.
 * Undefined when the tree sits in a compressed object stream: the line then shows the size alone.
 */
export async function pdfPageCount(file: Blob): Promise<number | undefined> {
  const buffer = typeof file.arrayBuffer === 'function' ? await file.arrayBuffer() : await new Response(file).arrayBuffer();
  const text = new TextDecoder('latin1').decode(buffer);
  let pages = 0;
  for (const [, dictionary] of text.matchAll(/<<([^<>]*?\/Type\s*\/Pages\b[^<>]*?)>>/g)) {
    const count = /\/Count\s+(\d+)/.exec(dictionary ?? '');
    if (count) pages = Math.max(pages, Number(count[1]));
  }
  return pages > 0 ? pages : undefined;
}
