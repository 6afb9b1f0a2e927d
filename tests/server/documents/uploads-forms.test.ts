import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, errorOf, get, signIn } from '../helpers';
import { type UploadHarness, panFile, startUploadHarness } from '../upload-harness';
import { type FilePart, type TextPart, plainFilesUnder, smallPdf } from '../upload-fixtures';

const megabyte = 1024 * 1024;

describe('the upload pipeline: forms, documents, storage', () => {
  let h: UploadHarness;
  beforeAll(async () => {
    h = await startUploadHarness();
  });
  afterAll(() => h.t.close());

  describe('a form with several files is all or nothing', () => {
    const details = JSON.stringify([{ firstName: 'A' }, { firstName: 'B' }, { firstName: 'C' }]);
    const proof = (index: number, data: Buffer): FilePart => ({ name: `documentProof_${index}`, filename: `p${index}.jpg`, contentType: 'image/jpeg', data });

    it('stores three proofs and the details', async () => {
      const response = await h.send('/api/test/nominees', [{ name: 'nomineeDetails', value: details }, proof(0, h.jpeg), proof(1, h.png), proof(2, h.jpeg)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ ids: string[] }>().ids).toHaveLength(3);
    });

    it('a bad third file leaves nothing of the first two', async () => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/nominees', [{ name: 'nomineeDetails', value: details }, proof(0, h.jpeg), proof(1, h.png), proof(2, Buffer.from('MZ\x90\x00'))]);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe('Nominee proof must be a JPEG or PNG image');
      await h.expectNothingStored(before);
    });

    it("a failure in the route's own writes after the files are stored removes them and their rows", async () => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/nominees', [
        { name: 'nomineeDetails', value: details },
        proof(0, h.jpeg),
        proof(1, h.png),
        proof(2, h.jpeg),
        { name: 'failAfterStore', value: 'yes' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe('server busy, please try again');
      await h.expectNothingStored(before);
    });

    it.each<[string, () => (TextPart | FilePart)[], string]>([
      ['an index past the maximum', () => [proof(3, h.jpeg)], "Unexpected field 'documentProof_3'"],
      ['a padded index', () => [proof(0, h.jpeg), { ...proof(1, h.jpeg), name: 'documentProof_01' }], "Unexpected field 'documentProof_01'"],
      ['a text field over its limit', () => [{ name: 'failAfterStore', value: 'x'.repeat(64 * 1024 + 1) }], "Field 'failAfterStore' is too long"],
      ['no details', () => [proof(0, h.jpeg)], 'nomineeDetails is required'],
    ])('%s', async (_name, parts, message) => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/nominees', parts());
      expect([400, 413]).toContain(response.statusCode);
      expect(errorOf(response).message).toBe(message);
      await h.expectNothingStored(before);
    });
  });

  describe('PDFs and other documents', () => {
    const income = (data: Buffer, extra: TextPart[] = []) =>
      h.send('/api/test/income', [{ name: 'document_type', value: 'bank_statement' }, ...extra, { name: 'proof_of_income', filename: 'statement.pdf', contentType: 'application/pdf', data }]);

    it('stores a complete PDF', async () => {
      const response = await income(smallPdf());
      expect(response.statusCode, response.body).toBe(200);
      const read = await get(h.t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(h.token));
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(read.headers['content-disposition']).toBe('attachment; filename="income_proof.pdf"');
      expect(read.rawPayload.equals(smallPdf())).toBe(true);
    });

    it.each<[string, Buffer, number, string]>([
      ['a truncated PDF', smallPdf().subarray(0, 60), 400, 'Income proof is damaged or incomplete, upload it again'],
      ['a JPEG named statement.pdf', Buffer.alloc(0), 415, 'Income proof must be a PDF'],
      ['an 11 MB PDF', Buffer.concat([smallPdf(), Buffer.alloc(11 * megabyte)]), 413, 'Income proof is larger than 10 MB'],
    ])('refuses %s', async (_name, data, status, message) => {
      const before = await h.snapshot();
      const response = await income(data.length === 0 ? h.jpeg : data);
      expect(response.statusCode).toBe(status);
      expect(errorOf(response).message).toBe(message);
      await h.expectNothingStored(before);
    });

    it("runs the kind's validate hook with every text field, even one sent after the file", async () => {
      const before = await h.snapshot();
      const locked = await h.send('/api/test/income', [
        { name: 'proof_of_income', filename: 'statement.pdf', contentType: 'application/pdf', data: smallPdf() },
        { name: 'document_type', value: 'locked' },
      ]);
      expect(errorOf(locked).message).toBe('This PDF is password protected, please enter its password');
      await h.expectNothingStored(before);
      const withPassword = await h.send('/api/test/income', [
        { name: 'document_type', value: 'locked' },
        { name: 'password', value: 'secret' },
        { name: 'proof_of_income', filename: 'statement.pdf', contentType: 'application/pdf', data: smallPdf() },
      ]);
      expect(withPassword.statusCode, withPassword.body).toBe(200);
    });

    it.each<[string, Buffer, number]>([
      ['plain text', Buffer.from('Please change my address.\r\nThanks\n'), 200],
      ['text with binary bytes', Buffer.from('abc\u0000def'), 415],
      ['a Windows executable named letter.txt', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 415],
    ])('modification documents: %s', async (_name, data, status) => {
      const response = await h.send('/api/test/modification', [{ name: 'data', filename: 'letter.txt', contentType: 'text/plain', data }]);
      expect(response.statusCode, response.body).toBe(status);
    });
  });

  it('leaves no readable JPEG, PNG, PDF or upload plaintext anywhere under DATA_DIR, the database included', async () => {
    const ids = [
      ...(await h.send('/api/test/pan', [panFile(h.jpeg)])).json<{ ids: string[] }>().ids,
      ...(await h.send('/api/test/pan', [panFile(h.png, 'p.png')])).json<{ ids: string[] }>().ids,
      ...(await h.send('/api/test/income', [
        { name: 'document_type', value: 'bank_statement' },
        { name: 'proof_of_income', filename: 's.pdf', contentType: 'application/pdf', data: smallPdf('SECRET-STATEMENT-TEXT') },
      ])).json<{ ids: string[] }>().ids,
    ];
    expect(ids).toHaveLength(3);
    const served = await Promise.all(ids.map(async (id) => (await get(h.t.app, `/api/user/documents/${id}`, auth(h.token))).rawPayload));
    // The scan itself must be able to see plaintext: the served files hold what it looks for.
    expect(served.every((bytes) => bytes.length > 100)).toBe(true);
    const needles = served.map((bytes) => bytes.subarray(Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 32));
    expect(needles.every((needle) => new Set(needle).size >= 16)).toBe(true);
    needles.push(Buffer.from('SECRET-STATEMENT-TEXT'), Buffer.from('Please change my address'));
    // With the nominee proofs, PDFs and text stored by the tests above.
    expect(h.storedFiles().length).toBeGreaterThanOrEqual(8);
    expect(plainFilesUnder(h.t.dir, needles)).toEqual([]);
  });

  describe('reading documents', () => {
    it('only the owner can read a document; everyone else gets 404', async () => {
      const upload = await h.send('/api/test/pan', [panFile(h.jpeg)]);
      const id = upload.json<{ ids: string[] }>().ids[0];
      const other = await signIn(h.t);
      const stranger = await get(h.t.app, `/api/user/documents/${id}`, auth(other.token));
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger).message).toBe('Document not found');
      expect((await get(h.t.app, `/api/user/documents/${id}`)).statusCode).toBe(401);
      expect((await get(h.t.app, `/api/user/documents/${id}`, auth(h.token))).statusCode).toBe(200);
    });

    it.each([['00000000-0000-4000-8000-000000000000'], ['not-an-id'], ['..%2F..%2Fonboard.db']])('%s is not found', async (id) => {
      const response = await get(h.t.app, `/api/user/documents/${id}`, auth(h.token));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('Document not found');
    });
  });
});
