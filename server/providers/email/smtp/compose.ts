import base64 from 'nodemailer/lib/base64/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer';
import type MimeNode from 'nodemailer/lib/mime-node';
import qp from 'nodemailer/lib/qp/index.js';

/**
 * The message nodemailer would send, written in one synchronous pass. nodemailer writes a message part by part with
 * a `setImmediate` between parts (about ten for a text and an HTML part): on a busy event loop each waits a whole
 * turn, so at 32 applicants at a time composing a mail took 200-400 ms, and nodemailer did it while holding one of
 * the pool's connections (bench/README.md, issue 26). The tree, its headers and its encoders are nodemailer's own
 * (MailComposer, MimeNode.buildHeaders, its quoted-printable and base64 encoders); only the walk is written here, for
 * the parts this client sends (strings): tests/server/providers/email/smtp-compose.test.ts checks it byte for byte
 * against MimeNode.build().
 */

const lineLength = 76;

function body(node: MimeNode, content: string | Buffer): string {
  const encoding = node.getTransferEncoding();
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (encoding === 'quoted-printable') return qp.wrap(qp.encode(bytes), lineLength);
  if (encoding === 'base64') return base64.wrap(base64.encode(bytes), lineLength);
  return bytes.toString('utf8');
}

function write(node: MimeNode): string {
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const { content } = node;
  if (content !== undefined) {
    if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new TypeError('only text and buffer parts are written in one pass');
    out += body(node, content);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, index) => {
      out += `${index > 0 ? '\r\n' : ''}--${String(node.boundary)}\r\n${write(child)}`;
    });
    out += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return out;
}

/** The whole message of a compiled tree, as `MimeNode.build()` gives it (ending in a line break). */
export function writeMessage(root: MimeNode): Buffer {
  const text = write(root);
  return Buffer.from(text.endsWith('\n') ? text : `${text}\r\n`, 'utf8');
}

/** What `transport.sendMail` takes for `mail`, already written: the envelope nodemailer would derive and the raw message. */
export function composeMail(mail: Mail.Options): { envelope: MimeNode.Envelope; raw: Buffer } {
  const root = new MailComposer(mail).compile();
  const raw = writeMessage(root);
  return { envelope: root.getEnvelope(), raw };
}
