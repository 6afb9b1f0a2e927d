import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { documentNotFoundMessage } from '../../server/routes/documents';
import { documentsFolderName } from '../../server/uploads/document-storage';
import { uploadMessages } from '../../server/uploads/upload-errors';
import { uploadKinds } from '../../server/uploads/upload-kinds';
import { type TestApp, auth, errorOf, get, post, signIn, startTestApp } from './helpers';
import { type FilePart, type TextPart, filesUnder, multipart, phoneJpeg, pixelBombPng, plainPng, smallPdf } from './upload-fixtures';
import { probeMessages, uploadProbeRoutes } from './upload-probe';

const pan = uploadKinds.pan_image;
const megabyte = 1024 * 1024;

describe('the upload pipeline', () => {
  let t: TestApp;
  let token: string;
  let jpeg: Buffer;
  let png: Buffer;

  function send(url: string, parts: (TextPart | FilePart)[], accessToken = token): Promise<LightMyRequestResponse> {
    const { body, contentType } = multipart(parts);
    return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, 'x-access-token': accessToken } });
  }
  const panFile = (data: Buffer, filename = 'pan.jpg', contentType = 'image/jpeg'): FilePart => ({ name: 'pan', filename, contentType, data });
  const documentsDir = () => join(t.dir, documentsFolderName);
  const storedFiles = () => filesUnder(documentsDir());
  async function rowCount(): Promise<number> {
    // A second connection to the app's own database.
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const row = await db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await db.destroy();
    }
  }
  async function expectNothingStored(before: { rows: number; files: number }) {
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  }
  const snapshot = async () => ({ rows: await rowCount(), files: storedFiles().length });

  beforeAll(async () => {
    t = await startTestApp({ extraSignedInRoutes: [uploadProbeRoutes] });
    token = (await signIn(t)).token;
    jpeg = await phoneJpeg();
    png = await plainPng();
  });
  afterAll(() => t.close());

  it('stores a phone JPEG upright, without its metadata, and gives it back to its owner', async () => {
    const source = await sharp(jpeg).metadata();
    // The upload carries an orientation and a GPS block (IFD pointer tag 0x8825, little-endian).
    expect(source.orientation).toBe(6);
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const response = await send('/api/test/pan', [panFile(jpeg)]);
    expect(response.statusCode, response.body).toBe(200);
    const [id] = response.json<{ ids: string[] }>().ids;
    const read = await get(t.app, `/api/user/documents/${id}`, auth(token));
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['content-disposition']).toBe('inline; filename="pan_image.jpg"');
    const stored = await sharp(read.rawPayload).metadata();
    // 800x600 with orientation 6 is a portrait photo: the pixels are turned, the tag is gone.
    expect([stored.width, stored.height, stored.orientation]).toEqual([600, 800, undefined]);
    expect(stored.exif).toBeUndefined();
    expect(read.rawPayload.includes('TestPhone')).toBe(false);
  });

  it('accepts a PNG whatever name and declared type it comes with', async () => {
    const response = await send('/api/test/pan', [panFile(png, 'scan.jpeg', 'application/octet-stream')]);
    expect(response.statusCode, response.body).toBe(200);
    const read = await get(t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(token));
    expect(read.headers['content-type']).toBe('image/png');
  });

  it('re-encodes images, so bytes hidden after the picture do not survive', async () => {
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);
    const response = await send('/api/test/pan', [panFile(polyglot)]);
    expect(response.statusCode, response.body).toBe(200);
    const read = await get(t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(token));
    expect(read.rawPayload.includes('<script>')).toBe(false);
  });

  describe('refuses every attack with a clear 4xx and stores nothing', () => {
    it.each<[string, () => Promise<(TextPart | FilePart)[]>, number, string]>([
      ['a shell script named pan.jpg', async () => [panFile(Buffer.from('#!/bin/sh\nrm -rf /\n'))], 415, uploadMessages.wrongType(pan)],
      ['an HTML page named pan.png', async () => [panFile(Buffer.from('<html><script>alert(1)</script></html>'), 'pan.png', 'image/png')], 415, uploadMessages.wrongType(pan)],
      ['a PDF sent as a PAN image', async () => [panFile(smallPdf(), 'pan.jpg')], 415, uploadMessages.wrongType(pan)],
      ['a truncated JPEG', async () => [panFile(jpeg.subarray(0, Math.floor(jpeg.length / 2)))], 400, uploadMessages.damaged(pan)],
      ['a truncated PNG', async () => [panFile(png.subarray(0, png.length - 20), 'pan.png')], 400, uploadMessages.damaged(pan)],
      ['a decompression bomb (30000 x 30000 pixels)', async () => [panFile(pixelBombPng(), 'pan.png')], 400, uploadMessages.tooManyPixels(pan)],
      ['a 20 MB file', async () => [panFile(Buffer.concat([jpeg, Buffer.alloc(20 * megabyte)]))], 413, 'PAN image is larger than 5 MB'],
      ['one byte over the limit', async () => [panFile(Buffer.concat([jpeg, Buffer.alloc(5 * megabyte + 1 - jpeg.length)]))], 413, 'PAN image is larger than 5 MB'],
      ['an empty file', async () => [panFile(Buffer.alloc(0))], 400, 'PAN image is empty'],
      ['no file', async () => [], 400, 'PAN image is required'],
      ['the file as a text field', async () => [{ name: 'pan', value: 'hello' }], 400, "Field 'pan' must be a file"],
      ['an unexpected field', async () => [panFile(jpeg), { name: 'admin', value: 'true' }], 400, "Unexpected field 'admin'"],
      ['the same file twice', async () => [panFile(jpeg), panFile(jpeg)], 400, "Field 'pan' is sent twice"],
    ])('%s', async (_name, parts, status, message) => {
      const before = await snapshot();
      const response = await send('/api/test/pan', await parts());
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).message).toBe(message);
      await expectNothingStored(before);
    });

    it('a path-like file name is never used: the file is stored under a name the server chose', async () => {
      const before = storedFiles();
      const response = await send('/api/test/pan', [panFile(jpeg, '../../etc/passwd.jpg')]);
      expect(response.statusCode, response.body).toBe(200);
      const added = storedFiles().filter((path) => !before.includes(path));
      expect(added).toHaveLength(1);
      expect(relative(documentsDir(), added[0] ?? '')).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(existsSync(join(documentsDir(), '..', '..', 'etc', 'passwd.jpg'))).toBe(false);
      expect(existsSync(join(t.dir, 'etc'))).toBe(false);
    });

    it('a script with a path-like name is refused like any other', async () => {
      const before = await snapshot();
      const response = await send('/api/test/pan', [panFile(Buffer.from('<?php system($_GET["c"]); ?>'), '../../../var/www/shell.php.jpg')]);
      expect(response.statusCode).toBe(415);
      await expectNothingStored(before);
    });
  });

  describe('a form with several files is all or nothing', () => {
    const details = JSON.stringify([{ firstName: 'A' }, { firstName: 'B' }, { firstName: 'C' }]);
    const proof = (index: number, data: Buffer): FilePart => ({ name: `documentProof_${index}`, filename: `p${index}.jpg`, contentType: 'image/jpeg', data });

    it('stores three proofs and the details', async () => {
      const response = await send('/api/test/nominees', [{ name: 'nomineeDetails', value: details }, proof(0, jpeg), proof(1, png), proof(2, jpeg)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ ids: string[] }>().ids).toHaveLength(3);
    });

    it('a bad third file leaves nothing of the first two', async () => {
      const before = await snapshot();
      const response = await send('/api/test/nominees', [{ name: 'nomineeDetails', value: details }, proof(0, jpeg), proof(1, png), proof(2, Buffer.from('MZ\x90\x00'))]);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe('Nominee proof must be a JPEG or PNG image');
      await expectNothingStored(before);
    });

    it("a failure in the route's own writes after the files are stored removes them and their rows", async () => {
      const before = await snapshot();
      const response = await send('/api/test/nominees', [
        { name: 'nomineeDetails', value: details },
        proof(0, jpeg),
        proof(1, png),
        proof(2, jpeg),
        { name: 'failAfterStore', value: 'yes' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(probeMessages.laterStepFailed);
      await expectNothingStored(before);
    });

    it.each<[string, () => (TextPart | FilePart)[], string]>([
      ['an index past the maximum', () => [proof(3, jpeg)], "Unexpected field 'documentProof_3'"],
      ['a padded index', () => [proof(0, jpeg), { ...proof(1, jpeg), name: 'documentProof_01' }], "Unexpected field 'documentProof_01'"],
      ['a text field over its limit', () => [{ name: 'failAfterStore', value: 'x'.repeat(64 * 1024 + 1) }], "Field 'failAfterStore' is too long"],
      ['no details', () => [proof(0, jpeg)], 'nomineeDetails is required'],
    ])('%s', async (_name, parts, message) => {
      const before = await snapshot();
      const response = await send('/api/test/nominees', parts());
      expect([400, 413]).toContain(response.statusCode);
      expect(errorOf(response).message).toBe(message);
      await expectNothingStored(before);
    });
  });

  describe('PDFs and other documents', () => {
    const income = (data: Buffer, extra: TextPart[] = []) =>
      send('/api/test/income', [{ name: 'document_type', value: 'bank_statement' }, ...extra, { name: 'proof_of_income', filename: 'statement.pdf', contentType: 'application/pdf', data }]);

    it('stores a complete PDF', async () => {
      const response = await income(smallPdf());
      expect(response.statusCode, response.body).toBe(200);
      const read = await get(t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(token));
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(read.headers['content-disposition']).toBe('attachment; filename="income_proof.pdf"');
      expect(read.rawPayload.equals(smallPdf())).toBe(true);
    });

    it.each<[string, Buffer, number, string]>([
      ['a truncated PDF', smallPdf().subarray(0, 60), 400, 'Income proof is damaged or incomplete, upload it again'],
      ['a JPEG named statement.pdf', Buffer.alloc(0), 415, 'Income proof must be a PDF'],
      ['an 11 MB PDF', Buffer.concat([smallPdf(), Buffer.alloc(11 * megabyte)]), 413, 'Income proof is larger than 10 MB'],
    ])('refuses %s', async (_name, data, status, message) => {
      const before = await snapshot();
      const response = await income(data.length === 0 ? jpeg : data);
      expect(response.statusCode).toBe(status);
      expect(errorOf(response).message).toBe(message);
      await expectNothingStored(before);
    });

    it("runs the kind's validate hook with every text field, even one sent after the file", async () => {
      const before = await snapshot();
      const locked = await send('/api/test/income', [
        { name: 'proof_of_income', filename: 'statement.pdf', contentType: 'application/pdf', data: smallPdf() },
        { name: 'document_type', value: 'locked' },
      ]);
      expect(errorOf(locked).message).toBe(probeMessages.passwordNeeded);
      await expectNothingStored(before);
      const withPassword = await send('/api/test/income', [
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
      const response = await send('/api/test/modification', [{ name: 'data', filename: 'letter.txt', contentType: 'text/plain', data }]);
      expect(response.statusCode, response.body).toBe(status);
    });
  });

  describe('only JSON unless a route opts in', () => {
    it('an upload route refuses a JSON body', async () => {
      const response = await post(t.app, '/api/test/pan', { pan: 'x' }, auth(token));
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe(uploadMessages.notMultipart);
    });

    it('a JSON route refuses multipart', async () => {
      const response = await send('/api/user/set-previous', [{ name: 'x', value: 'y' }]);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe(uploadMessages.jsonOnly);
    });

    it('JSON routes keep working', async () => {
      const response = await get(t.app, '/api/user', auth(token));
      expect(response.statusCode).toBe(200);
    });

    it('a malformed multipart body is a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/pan',
        payload: '--xyz\r\nContent-Disposition: form-data; name="pan"; filename="a.jpg"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-access-token': token },
      });
      expect(response.statusCode).toBe(400);
      expect([uploadMessages.malformed, uploadMessages.interrupted]).toContain(errorOf(response).message);
    });

    it('an upload without a session is 401 and stores nothing', async () => {
      const before = await snapshot();
      const response = await send('/api/test/pan', [panFile(jpeg)], 'no-such-token');
      expect(response.statusCode).toBe(401);
      await expectNothingStored(before);
    });
  });

  describe('reading documents', () => {
    it('only the owner can read a document; everyone else gets 404', async () => {
      const upload = await send('/api/test/pan', [panFile(jpeg)]);
      const id = upload.json<{ ids: string[] }>().ids[0];
      const other = await signIn(t);
      const stranger = await get(t.app, `/api/user/documents/${id}`, auth(other.token));
      expect(stranger.statusCode).toBe(404);
      expect(errorOf(stranger).message).toBe(documentNotFoundMessage);
      expect((await get(t.app, `/api/user/documents/${id}`)).statusCode).toBe(401);
      expect((await get(t.app, `/api/user/documents/${id}`, auth(token))).statusCode).toBe(200);
    });

    it.each([['00000000-0000-4000-8000-000000000000'], ['not-an-id'], ['..%2F..%2Fonboard.db']])('%s is not found', async (id) => {
      const response = await get(t.app, `/api/user/documents/${id}`, auth(token));
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe(documentNotFoundMessage);
    });
  });
});
