import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { listIncomeDeclarations } from '../../../server/rekyc/repository';
import { tempConfigDir } from '../../fixtures/flow-config';
import { addHindiWords } from '../../fixtures/language-edits';
import { tempStepSchemas } from '../../fixtures/temp-schemas';
import { auth, type TestApp, startTestApp } from '../helpers';
import { fixturePassword } from '../income-proof-fixtures';
import { userOf } from '../ops-fixtures';
import { applicantAt, type Applicant } from '../step-fixtures';
import { type FilePart, multipart, type TextPart } from '../upload-fixtures';

/**
 * POST /api/rekyc/income-declaration checks what it receives with the page's own schema
 * (schemas/step-data/rekyc-declaration.schema.json): the same lists and the same words as the form.
 */

const proofs = join(import.meta.dirname, '..', '..', 'fixtures', 'income-proof');
const pdf = (name = 'plain'): FilePart => ({ name: 'proof_of_income', filename: `${name}.pdf`, data: readFileSync(join(proofs, `${name}.pdf`)) });
const text = (name: string, value: string): TextPart => ({ name, value });
/** The two statements, ticked by the applicant. */
const ticked = [text('confirmTrue', 'true'), text('confirmInform', 'true')];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function declare(app: TestApp, who: Applicant, parts: (TextPart | FilePart)[]) {
  const { body, contentType } = multipart(parts);
  const response = await app.app.inject({ method: 'POST', url: '/api/rekyc/income-declaration', payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  return { status: response.statusCode, body: response.json<{ message: string; errors?: Record<string, string[]> }>() };
}

async function storedFor(app: TestApp, who: Applicant) {
  const db = createDatabase({ dataDir: app.dir, databaseUrl: app.databaseUrl });
  try {
    return await listIncomeDeclarations(db, (await userOf(app, who)).id);
  } finally {
    await db.destroy();
  }
}

describe('the declaration is checked by the schema of its page', () => {
  it.each<[string, (TextPart | FilePart)[], string, string]>([
    ['no slab', [], 'income', 'Please select income segment'],
    ['an empty slab', [text('income', '')], 'income', 'Please select income segment'],
    ['a slab the list lacks', [text('income', '2-3 Lac')], 'income', 'Please select income segment'],
    ['a proof without its type', [text('income', '1-5 Lac'), pdf()], 'document_type', 'must select document type to be uploaded'],
    ['a proof with a type the list lacks', [text('income', '1-5 Lac'), text('document_type', 'passport'), pdf()], 'document_type', 'must select document type to be uploaded'],
  ])('%s: 400 with the schema’s message, nothing stored', async (_name, parts, field, message) => {
    const who = await applicantAt(t, 'completed');
    const answer = await declare(t, who, parts);
    expect(answer).toMatchObject({ status: 400, body: { message, errors: { [field]: [message] } } });
    expect(await storedFor(t, who)).toEqual([]);
  });

  it('the statements are the applicant\'s own ticks: without them 400 with their messages, nothing stored', async () => {
    const who = await applicantAt(t, 'verified');
    const answer = await declare(t, who, [text('income', '>1 Cr'), text('confirmTrue', 'false')]);
    expect(answer).toMatchObject({
      status: 400,
      body: { errors: { confirmTrue: ['Please confirm that the information is true'], confirmInform: ['Please confirm that you will report changes within 30 days'] } },
    });
    expect(await storedFor(t, who)).toEqual([]);
  });

  it('the slab and the statements are a declaration; each statement is stored with its time', async () => {
    const who = await applicantAt(t, 'verified');
    expect(await declare(t, who, [text('income', '>1 Cr'), ...ticked])).toEqual({ status: 200, body: { message: 'Income declaration saved' } });
    const [saved] = await storedFor(t, who);
    expect(saved).toMatchObject({ income: '>1 Cr', document_type: null, document_id: null });
    const at = new Date(t.clock.now).toISOString();
    expect(JSON.parse(saved?.statements ?? '{}')).toEqual({ confirmTrue: at, confirmInform: at });
  });

  it('a password-protected proof with its password and type is stored with the declaration', async () => {
    const who = await applicantAt(t, 'user_setup');
    const parts = [text('income', '25 Lac-1 Cr'), ...ticked, text('document_type', 'form_16'), text('password', fixturePassword), pdf('encrypted-aes256')];
    expect(await declare(t, who, parts)).toMatchObject({ status: 200, body: { message: 'Income declaration saved' } });
    const [saved] = await storedFor(t, who);
    expect(saved).toMatchObject({ income: '25 Lac-1 Cr', document_type: 'form_16' });
    expect(saved?.document_id).toBeTruthy();
  });

  it('an edit of the schema’s wording and list reaches the route', async () => {
    const dir = tempStepSchemas((schemas) => {
      const schema = schemas['rekyc-declaration'] as { properties: { income: Record<string, unknown> }; errorMessage: { required: Record<string, string> } };
      schema.properties.income.errorMessage = 'Choose your yearly income';
      schema.errorMessage.required.income = 'Choose your yearly income';
    }, (lists) => {
      (lists['income-segment'] as { enum: string[] }).enum.push('Above 5 Cr');
    });
    const configDir = tempConfigDir((flow) => flow);
    addHindiWords(configDir, 'lists/income-segment.json', { labels: { 'Above 5 Cr': '₹5 करोड़ से अधिक' } });
    const app = await startTestApp({ stepSchemasDir: dir, configDir });
    try {
      const who = await applicantAt(app, 'completed');
      expect((await declare(app, who, [])).body.message).toBe('Choose your yearly income');
      expect((await declare(app, who, [text('income', 'Above 5 Cr'), ...ticked])).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
