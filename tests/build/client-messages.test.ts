import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';
import { codesNamedIn } from '../../server/validation/message-code-check';
import { clientFlow, clientMessages, clientMessagesPlugin } from '../../scripts/vite-client-messages';

type Texts = Record<string, Record<string, string>>;
const messages = JSON.parse(readFileSync(join(repoRoot, 'flow-config', 'messages.json'), 'utf8')) as Texts;
const narrowed = clientMessages(messages, repoRoot) as Texts;
const has = (table: Texts, code: string) => {
  const [section = '', key = ''] = code.split('.');
  return typeof table[section]?.[key] === 'string';
};

describe("the browser build's messages.json", () => {
  it('keeps every text the app names, every text a server code is shown as, and the sections read whole', () => {
    const named = [...codesNamedIn(messages, repoRoot, ['core', 'src', 'widgets'])];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((code) => !has(narrowed, code))).toEqual([]);
    const shownAs = Object.values(messages.shownAs ?? {});
    expect(shownAs.filter((code) => !has(narrowed, code))).toEqual([]);
    for (const section of ['links', 'shownAs', 'uploads', 'shell']) expect(narrowed[section]).toEqual(messages[section]);
  });

  it("keeps each language's words for what a server code is shown as (issue 32: a wrong OTP read in English in Hindi)", () => {
    const configDir = join(repoRoot, 'flow-config');
    const transform = clientMessagesPlugin({ configDir, root: repoRoot }).transform as (code: string, id: string) => { code: string };
    const file = join(configDir, 'languages', 'hi', 'messages.json');
    const hindi = JSON.parse(transform(readFileSync(file, 'utf8'), file).code) as Texts;
    const shownAs = Object.values(messages.shownAs ?? {});
    expect(shownAs.filter((code) => !has(hindi, code))).toEqual([]);
  });

  it("leaves out the server's own texts: back office, emails and SMS", () => {
    expect(narrowed.backOffice).toBeUndefined();
    expect(has(narrowed, 'otp.sms')).toBe(false);
    expect(has(narrowed, 'otp.emailText')).toBe(false);
    expect(JSON.stringify(narrowed).length).toBeLessThan(JSON.stringify(messages).length / 2);
  });
});

describe("the browser build's flow.json", () => {
  const flow = JSON.parse(readFileSync(join(repoRoot, 'flow-config', 'flow.json'), 'utf8')) as Record<string, unknown>;
  const narrowedFlow = clientFlow(flow);

  it("leaves out the review's emails and keeps everything else the console and the app read", () => {
    const text = JSON.stringify(narrowedFlow);
    expect(text).not.toContain('"email":{"subject"');
    expect(text).not.toContain('reminderEmail');
    const { review, ...rest } = narrowedFlow as { review: Record<string, unknown> };
    const { review: fullReview, ...fullRest } = flow as { review: Record<string, unknown> };
    expect(rest).toEqual(fullRest);
    expect(review.rejectable).toEqual(fullReview.rejectable);
    expect(Object.keys(review.decisions as object)).toEqual(Object.keys(fullReview.decisions as object));
    expect(JSON.stringify(flow)).toContain('reminderEmail');
  });
});
