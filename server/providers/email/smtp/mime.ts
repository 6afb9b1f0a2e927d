/**
 * Reads what an SMTP client hands over (RFC 5322 headers, RFC 2045/2046 MIME parts, RFC 2047 encoded words) far enough
 * to show a mail as its reader would: the subject and the plain text. UTF-8 only, as our client sends.
 */

export interface ReadMail {
  subject: string;
  text: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normal = raw.replace(/\r\n/g, '\n');
  const end = normal.indexOf('\n\n');
  const head = end < 0 ? normal : normal.slice(0, end);
  const body = end < 0 ? '' : normal.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded lines (starting with a space or tab) continue the header above.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i] ?? '';
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(char, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** '=?UTF-8?Q?...?=' and '=?UTF-8?B?...?=' words, joined as RFC 2047 says (no space between adjacent words). */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function plainText(part: Part): string | undefined {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return undefined;
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const text = plainText(splitPart(piece.replace(/^\n/, '')));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return /^text\/plain/i.test(type) ? decodeBody(part).replace(/\n$/, '') : undefined;
}

export function readMail(raw: string): ReadMail {
  const mail = splitPart(raw);
  return { subject: decodeEncodedWords(mail.headers.get('subject') ?? ''), text: plainText(mail) ?? '' };
}
