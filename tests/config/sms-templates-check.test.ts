import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { configProblems } from '../fixtures/flow-config';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ConfigCopy, copyConfig } from '../fixtures/config-edits';

/** check:config on flow-config/sms.json: every message sent by SMS has its DLT template, in every language. */

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const problemsOf = (copy: ConfigCopy, smsVendor?: string) => configProblems(copy.configDir, { stepSchemasDir: copy.stepSchemasDir, smsVendor });

function withSms(edit: (english: Record<string, unknown>, hindi: Record<string, unknown>) => void): ConfigCopy {
  const copy = copyConfig();
  roots.push(copy.root);
  const englishFile = join(copy.configDir, 'sms.json');
  const hindiFile = join(copy.configDir, 'languages', 'hi', 'sms.json');
  const english = JSON.parse(readFileSync(englishFile, 'utf8')) as { templates: Record<string, unknown> };
  const hindi = JSON.parse(readFileSync(hindiFile, 'utf8')) as { templates: Record<string, unknown> };
  edit(english.templates, hindi.templates);
  writeFileSync(englishFile, JSON.stringify(english));
  writeFileSync(hindiFile, JSON.stringify(hindi));
  return copy;
}

const registered = (dlt: string, msg91: string) => ({ dltTemplateId: dlt, msg91TemplateId: msg91 });

describe('flow-config/sms.json', () => {
  it('as shipped (nothing registered yet): fine without an SMS vendor, refused naming each blank id with one', () => {
    const copy = withSms(() => {});
    expect(problemsOf(copy)).toEqual([]);
    expect(problemsOf(copy, 'exotel')).toEqual([
      'flow-config/sms.json: templates."otp.sms".dltTemplateId is blank: SMS_VENDOR=exotel sends every SMS with its registered template',
      'flow-config/languages/hi/sms.json: templates."otp.sms".dltTemplateId is blank: SMS_VENDOR=exotel sends every SMS with its registered template',
    ]);
  });

  it('registered in both languages: MSG91 needs its own template ids too', () => {
    const dltOnly = withSms((english, hindi) => {
      english['otp.sms'] = registered('1107161234567890123', '');
      hindi['otp.sms'] = registered('1107161234567890124', '');
    });
    expect(problemsOf(dltOnly, 'exotel')).toEqual([]);
    expect(problemsOf(dltOnly, 'msg91')).toEqual([
      'flow-config/sms.json: templates."otp.sms".msg91TemplateId is blank: SMS_VENDOR=msg91 sends every SMS with its registered template',
      'flow-config/languages/hi/sms.json: templates."otp.sms".msg91TemplateId is blank: SMS_VENDOR=msg91 sends every SMS with its registered template',
    ]);
    const both = withSms((english, hindi) => {
      english['otp.sms'] = registered('1107161234567890123', '6808ca80d6fc054bef421352');
      hindi['otp.sms'] = registered('1107161234567890124', '6808ca80d6fc054bef421353');
    });
    expect(problemsOf(both, 'msg91')).toEqual([]);
  });

  it('an SMS message without its entry, an entry of no SMS message, an id of the wrong form: refused', () => {
    expect(problemsOf(withSms((english, hindi) => (delete english['otp.sms'], delete hindi['otp.sms'])))).toEqual([
      'flow-config/sms.json: templates."otp.sms" is missing: every message sent by SMS needs its DLT template',
      'flow-config/languages/hi/sms.json: templates."otp.sms" is missing: every message sent by SMS needs its DLT template',
    ]);
    expect(problemsOf(withSms((english, hindi) => ((english['pan.verified'] = registered('', '')), (hindi['pan.verified'] = registered('', '')))))).toEqual([
      'flow-config/sms.json: templates."pan.verified" is not a message the server sends by SMS (otp.sms)',
      'flow-config/languages/hi/sms.json: templates."pan.verified" is not a message the server sends by SMS (otp.sms)',
    ]);
    expect(problemsOf(withSms((english) => (english['otp.sms'] = registered('TEMPLATE-1', ''))))).toEqual([
      'flow-config/sms.json: /templates/otp.sms/dltTemplateId must match pattern "^([0-9]{10,25})?$"',
    ]);
  });

  it("a language's sms.json must carry every entry the English one has (its own templates)", () => {
    const copy = withSms((_english, hindi) => delete hindi['otp.sms']);
    expect(problemsOf(copy)).toEqual([
      'flow-config/languages/hi/sms.json: missing the text at templates."otp.sms".dltTemplateId ("")',
      'flow-config/languages/hi/sms.json: missing the text at templates."otp.sms".msg91TemplateId ("")',
    ]);
  });
});
