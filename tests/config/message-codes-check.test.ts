import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems, tempConfigDir } from '../fixtures/flow-config';

type MessagesFile = Record<string, Record<string, string>>;

/** A copy of flow-config/ whose messages.json is edited. */
function withMessages(edit: (messages: MessagesFile) => void): string {
  const dir = tempConfigDir((flow) => flow);
  const file = join(dir, 'messages.json');
  const messages = JSON.parse(readFileSync(file, 'utf8')) as MessagesFile;
  edit(messages);
  writeFileSync(file, JSON.stringify(messages, null, 2));
  return dir;
}

describe('check:config: texts by code', () => {
  it('the repository config has a text for every code and a code for every text', () => {
    expect(configProblems(tempConfigDir((flow) => flow))).toEqual([]);
  });

  it('refuses a code the server uses that has no text, naming the file that uses it', () => {
    const problems = configProblems(withMessages((messages) => delete messages.flow!.outOfSync));
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^server\/steps\/step-binding\.ts:\d+: uses the message code 'flow\.outOfSync', which flow-config\/messages\.json does not have; add its text at flow\.outOfSync$/)]),
    );
  });

  it('refuses a shownAs entry that names no text', () => {
    const problems = configProblems(withMessages((messages) => (messages.shownAs!['otp.tooEarly'] = 'errors.pleaseWait')));
    expect(problems).toContain("flow-config/messages.json: shownAs.otp.tooEarly names 'errors.pleaseWait', which has no text");
  });

  it('refuses a text no code uses, naming its JSON path', () => {
    const problems = configProblems(withMessages((messages) => (messages.pan!.notOnRecord = 'PAN is not on record')));
    expect(problems).toEqual([
      "flow-config/messages.json: pan.notOnRecord is a text no code uses; remove it, or name it by its code 'pan.notOnRecord'",
    ]);
  });
});
