import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer';
import { describe, expect, it } from 'vitest';
import { textToHtml } from '../../../../server/providers/email/smtp/client';
import { composeMail, writeMessage } from '../../../../server/providers/email/smtp/compose';

/** A mail as the SMTP client builds it: a text part and the same text as HTML. */
function mailOf(subject: string, text: string): Mail.Options {
  return { from: 'Onboard <no-reply@onboard.test>', to: 'ravi.k@gmail.com', subject, text, html: textToHtml(text) };
}

/** Our one-pass writing and nodemailer's own streamed build of the same compiled tree (same boundary, Date, Message-ID). */
async function bothWritings(mail: Mail.Options): Promise<{ ours: string; nodemailers: string }> {
  const root = new MailComposer(mail).compile();
  const ours = writeMessage(root).toString('utf8');
  return { ours, nodemailers: (await root.build()).toString('utf8') };
}

const chosen: Array<[string, string, string]> = [
  ['plain ASCII', 'Your Onboard verification code', 'Your Onboard email verification code is 4821.\nIt is valid for 10 minutes.'],
  ['Hindi subject and text', 'आपका Onboard सत्यापन कोड', 'आपका ईमेल सत्यापन कोड 4821 है।\nयह 10 मिनट तक मान्य है।'],
  ['mostly ASCII with one rupee sign', 'Nominee added', 'Your nominee Asha Kumari was added with a 100% share of ₹ 0.\n\nRegards, Onboard'],
  ['lines past 76 characters', 'A long line', `${'word '.repeat(60)}\n${'x'.repeat(200)}`],
  ['dots, equals signs and trailing spaces', 'Dots', '.\n..\n.leading dot\nkey=value = 3   \n\ttab\n'],
  ['CRLF and blank paragraphs', 'Breaks', 'one\r\ntwo\r\n\r\n\r\nthree'],
  ['emoji and a 4-byte character', 'Welcome 🎉', 'Welcome 🎉 𝒜 to Onboard'],
  ['a line of exactly 76 characters', 'Edge', 'y'.repeat(76)],
];

describe('one-pass writing of a mail (compose.ts) against nodemailer\'s own build', () => {
  it.each(chosen)('%s: byte for byte the same', async (_name, subject, text) => {
    const { ours, nodemailers } = await bothWritings(mailOf(subject, text));
    expect(ours).toBe(nodemailers);
  });

  it('500 random mails of ASCII, Devanagari, punctuation and line breaks: byte for byte the same', async () => {
    const alphabet = ['a', 'Z', '0', ' ', '  ', '.', '=', '\n', '\r\n', '\t', 'क', 'ि', '्', '।', '₹', '😀', 'é', '-', '_', '?'];
    let seed = 20261129;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const randomText = (max: number) => Array.from({ length: Math.floor(random() * max) + 1 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const encodings = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const { ours, nodemailers } = await bothWritings(mailOf(randomText(30).replace(/[\r\n]/g, ' '), randomText(400)));
      expect(ours).toBe(nodemailers);
      for (const [, encoding] of ours.matchAll(/^Content-Transfer-Encoding: (\S+)/gm)) encodings.add(encoding ?? '');
    }
    // Both of nodemailer's text encodings were written.
    expect([...encodings].sort()).toEqual(['base64', 'quoted-printable']);
  });

  it('gives the envelope nodemailer derives from From and To, and is done before it returns (no promise)', () => {
    const written = composeMail(mailOf('Subject', 'Text'));
    expect(written).not.toBeInstanceOf(Promise);
    expect(written.envelope).toEqual({ from: 'no-reply@onboard.test', to: ['ravi.k@gmail.com'] });
    expect(written.raw.toString('utf8')).toMatch(/^From: Onboard <no-reply@onboard\.test>\r\n/m);
  });
});
