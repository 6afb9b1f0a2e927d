import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagesFile } from '../../../core/engine/config-types';
import { mergePages } from '../../../core/engine/config-types';
import { type EvidenceText, evidenceTexts } from '../../../core/engine/evidence-texts';
import { translated } from '../../../core/engine/translations';
import { loadConfig } from '../../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { acknowledgeEvidence, esignList, widget } from '../identity-fixtures';
import { withDb, userIdOf } from '../stored-records';
import { type Applicant, applicantAt, expectError, send } from '../step-fixtures';
import { readZip } from '../zip-reader';
import { noDeadline } from '../../../server/providers/call-budget';

/**
 * Issue 30, the MITC (SEBI circular of 13 November 2023; the exchanges' standard text): shown before eSign, acknowledged
 * by the applicant (never for them), stored with its version, language, time and the hash of the words shown, and
 * printed on the account opening form they eSign.
 */

const config = loadConfig();
const englishPages = mergePages(config);
const hindiPages = mergePages({
  pageFiles: Object.fromEntries(
    Object.entries(config.pageFiles).map(([label, file]) => {
      const name = `pages/${label.slice(label.lastIndexOf('/') + 1)}`;
      const own = config.translations.files.hi?.[name];
      return [label, own === undefined ? file : translated('page', file, own) as PagesFile];
    }),
  ),
});
const mitcIn = (pages: typeof englishPages): EvidenceText => evidenceTexts(pages).get('mitc')!;
const mitc = mitcIn(englishPages);
const freeze = evidenceTexts(englishPages).get('voluntaryFreeze')!;
const sha256 = (evidence: EvidenceText) => createHash('sha256').update(evidence.words.join('\n'), 'utf8').digest('hex');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const states = async (who: Applicant, language = 'en') =>
  (await get(t.app, '/api/user/acknowledgements', { headers: { ...auth(who.token).headers, 'accept-language': language } })).json<{
    acknowledgements: { key: string; version: string; acknowledgedAt: string | null; textSha256: string | null }[];
  }>().acknowledgements;

describe('the MITC before eSign', () => {
  it('config holds the exchanges\' ten terms, their circulars and a version', () => {
    expect(mitc.version).toBe('2024-01-NSE-INSP-60147');
    expect(mitc.words).toContain(
      "The exchanges' standard text under SEBI circular SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180 of 13 November 2023 (NSE circular NSE/INSP/59367 of 15 November 2023; the standard text is Annexure A of NSE circular NSE/INSP/60147)",
    );
    expect(mitc.words.filter((word) => word !== mitc.statement)).toHaveLength(3 + 10);
    expect(mitc.statement).toBe('I have read and understood the Most Important Terms and Conditions');
  });

  it('nothing is acknowledged for the applicant: the documents are refused until they acknowledge it', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    // The MITC only: the voluntary freeze policy is linked in the kit, not acknowledged.
    expect(await states(who)).toEqual([{ key: 'mitc', version: mitc.version, acknowledgedAt: null, textSha256: null }]);
    expectError(await send(t, who, '/api/user/e-sign-documents', {}), 409, 'Please acknowledge the Most Important Terms and Conditions (MITC) first');
  });

  it('an old version is refused; the current one is stored with its time, language and the hash of the words shown', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    expectError(await send(t, who, '/api/user/acknowledgements/mitc', { version: '2023-11' }), 409, 'These terms have changed since you opened them, please read them again');
    expectError(await send(t, who, '/api/user/acknowledgements/tariff', { version: '1' }), 404, 'No such terms to acknowledge');
    expectError(await send(t, who, '/api/user/acknowledgements/voluntaryFreeze', { version: freeze.version }), 404, 'No such terms to acknowledge');
    const saved = await send<{ acknowledgedAt: string; textSha256: string }>(t, who, '/api/user/acknowledgements/mitc', { version: mitc.version });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: 'mitc', version: mitc.version, acknowledgedAt: new Date(t.clock.now).toISOString(), textSha256: sha256(mitc) });
    const id = await userIdOf(t, who);
    const rows = await withDb(t, (db) => db.selectFrom('acknowledgements').selectAll().where('user_id', '=', id).execute());
    expect(rows).toEqual([
      expect.objectContaining({ evidence_key: 'mitc', version: mitc.version, language: 'en', text_sha256: sha256(mitc), statement: mitc.statement, acknowledged_at: expect.anything() }),
    ]);
    // Acknowledged again: the first time stays.
    t.clock.advance(60_000);
    expect((await send<{ acknowledgedAt: string }>(t, who, '/api/user/acknowledgements/mitc', { version: mitc.version })).body.acknowledgedAt).toBe(saved.body.acknowledgedAt);
  });

  it('before the eSign step the acknowledgement is out of order', async () => {
    const who = await applicantAt(t, 'nominee');
    expectError(await send(t, who, '/api/user/acknowledgements/mitc', { version: mitc.version }), 400, 'please complete previous steps');
  });

  it('the account opening form prints the MITC (version, statement, time, hash) and links the voluntary freeze policy; the KRA form does neither', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const list = await esignList(t, who);
    const [acknowledged] = await states(who);
    for (const entry of list) {
      await widget(t, entry.eSignRequestID, 'approve');
      const text = new TextDecoder().decode(await t.app.providers.clients.identity.downloadSigned(entry.eSignRequestID, noDeadline));
      const printed = [
        `(mitc_version: ${mitc.version}) Tj`, `(mitc_acknowledged_at: ${acknowledged?.acknowledgedAt ?? ''}) Tj`, `(mitc_sha256: ${sha256(mitc)}) Tj`, `(mitc_acknowledgement: ${mitc.statement}) Tj`,
        // SEBI circular of 12 January 2024: the voluntary freeze policy is part of the kit of clients onboarded from 1 July 2024.
        `(voluntary_freeze: ${freeze.words[0] ?? ''}) Tj`, `(voluntary_freeze_version: ${freeze.version}) Tj`, `(voluntary_freeze_link: ${config.messages.links.voluntaryFreeze ?? ''}) Tj`,
      ];
      for (const line of printed) expect(text.includes(line), `${entry.name}: ${line}`).toBe(entry.name === 'Account Opening Form');
    }
  });

  it('in Hindi: the Hindi words are what is hashed and kept, with the language', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const hindi = mitcIn(hindiPages);
    expect(hindi.version).toBe(mitc.version);
    expect(hindi.statement).toBe('मैंने सबसे महत्वपूर्ण नियम और शर्तें पढ़ और समझ ली हैं');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/user/e-sign-documents', payload: {}, headers: { ...auth(who.token).headers, 'accept-language': 'hi' } }).then((r) => ({ status: r.statusCode, body: r.json() })),
      409,
      'कृपया पहले सबसे महत्वपूर्ण नियम और शर्तें (MITC) स्वीकार करें',
    );
    await acknowledgeEvidence(t, who, { 'accept-language': 'hi' });
    const [state] = await states(who, 'hi');
    expect(state?.textSha256).toBe(sha256(hindi));
    expect(sha256(hindi)).not.toBe(sha256(mitc));
    const id = await userIdOf(t, who);
    const row = await withDb(t, (db) => db.selectFrom('acknowledgements').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow());
    expect({ language: row.language, statement: row.statement }).toEqual({ language: 'hi', statement: hindi.statement });
  });

  it("the applicant's data export holds the acknowledgement", async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    await acknowledgeEvidence(t, who);
    const response = await t.app.inject({ method: 'GET', url: '/api/user/data-export', headers: auth(who.token).headers });
    const data = readZip(response.rawPayload).get('data.json')?.toString('utf8') ?? '';
    expect(data).toContain(sha256(mitc));
    expect(data).toContain('"evidence_key": "mitc"');
  });
});
