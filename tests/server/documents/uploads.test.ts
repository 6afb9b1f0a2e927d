import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadKinds } from '../../../server/documents/uploads/upload-kinds';
import { auth, errorOf, get, post } from '../helpers';
import { type UploadHarness, panFile, startUploadHarness } from '../upload-harness';
import { type FilePart, type TextPart, pixelBombPng, smallPdf } from '../upload-fixtures';

const pan = uploadKinds.pan_image;
const megabyte = 1024 * 1024;

describe('the upload pipeline: one file', () => {
  let h: UploadHarness;
  beforeAll(async () => {
    h = await startUploadHarness();
  });
  afterAll(() => h.t.close());

  it('stores a phone JPEG upright, without its metadata, and gives it back to its owner', async () => {
    const source = await sharp(h.jpeg).metadata();
    // The upload carries an orientation and a GPS block (IFD pointer tag 0x8825, little-endian).
    expect(source.orientation).toBe(6);
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const response = await h.send('/api/test/pan', [panFile(h.jpeg)]);
    expect(response.statusCode, response.body).toBe(200);
    const [id] = response.json<{ ids: string[] }>().ids;
    const read = await get(h.t.app, `/api/user/documents/${id}`, auth(h.token));
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
    const response = await h.send('/api/test/pan', [panFile(h.png, 'scan.jpeg', 'application/octet-stream')]);
    expect(response.statusCode, response.body).toBe(200);
    const read = await get(h.t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(h.token));
    expect(read.headers['content-type']).toBe('image/png');
  });

  it('re-encodes images, so bytes hidden after the picture do not survive', async () => {
    const polyglot = Buffer.concat([h.jpeg, Buffer.from('<script>alert(1)</script>')]);
    const response = await h.send('/api/test/pan', [panFile(polyglot)]);
    expect(response.statusCode, response.body).toBe(200);
    const read = await get(h.t.app, `/api/user/documents/${response.json<{ ids: string[] }>().ids[0]}`, auth(h.token));
    expect(read.rawPayload.includes('<script>')).toBe(false);
  });

  describe('refuses every attack with a clear 4xx and stores nothing', () => {
    it.each<[string, () => Promise<(TextPart | FilePart)[]>, number, string]>([
      ['a shell script named pan.jpg', async () => [panFile(Buffer.from('#!/bin/sh\nrm -rf /\n'))], 415, `${pan.label} must be ${pan.acceptText}`],
      ['an HTML page named pan.png', async () => [panFile(Buffer.from('<html><script>alert(1)</script></html>'), 'pan.png', 'image/png')], 415, `${pan.label} must be ${pan.acceptText}`],
      ['a PDF sent as a PAN image', async () => [panFile(smallPdf(), 'pan.jpg')], 415, `${pan.label} must be ${pan.acceptText}`],
      ['a truncated JPEG', async () => [panFile(h.jpeg.subarray(0, Math.floor(h.jpeg.length / 2)))], 400, `${pan.label} is damaged or incomplete, upload it again`],
      ['a truncated PNG', async () => [panFile(h.png.subarray(0, h.png.length - 20), 'pan.png')], 400, `${pan.label} is damaged or incomplete, upload it again`],
      ['a decompression bomb (30000 x 30000 pixels)', async () => [panFile(pixelBombPng(), 'pan.png')], 400, `${pan.label} has too many pixels (at most 50 megapixels)`],
      ['a 20 MB file', async () => [panFile(Buffer.concat([h.jpeg, Buffer.alloc(20 * megabyte)]))], 413, 'PAN image is larger than 5 MB'],
      ['one byte over the limit', async () => [panFile(Buffer.concat([h.jpeg, Buffer.alloc(5 * megabyte + 1 - h.jpeg.length)]))], 413, 'PAN image is larger than 5 MB'],
      ['an empty file', async () => [panFile(Buffer.alloc(0))], 400, 'PAN image is empty'],
      ['no file', async () => [], 400, 'PAN image is required'],
      ['the file as a text field', async () => [{ name: 'pan', value: 'hello' }], 400, "Field 'pan' must be a file"],
      ['an unexpected field', async () => [panFile(h.jpeg), { name: 'admin', value: 'true' }], 400, "Unexpected field 'admin'"],
      ['the same file twice', async () => [panFile(h.jpeg), panFile(h.jpeg)], 400, "Field 'pan' is sent twice"],
    ])('%s', async (_name, parts, status, message) => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/pan', await parts());
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).message).toBe(message);
      await h.expectNothingStored(before);
    });

    it('a path-like file name is never used: the file is stored under a name the server chose', async () => {
      const before = h.storedFiles();
      const response = await h.send('/api/test/pan', [panFile(h.jpeg, '../../etc/passwd.jpg')]);
      expect(response.statusCode, response.body).toBe(200);
      const added = h.storedFiles().filter((path) => !before.includes(path));
      expect(added).toHaveLength(1);
      expect(relative(h.documentsDir(), added[0] ?? '')).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(existsSync(join(h.documentsDir(), '..', '..', 'etc', 'passwd.jpg'))).toBe(false);
      expect(existsSync(join(h.t.dir, 'etc'))).toBe(false);
    });

    it('a script with a path-like name is refused like any other', async () => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/pan', [panFile(Buffer.from('<?php system($_GET["c"]); ?>'), '../../../var/www/shell.php.jpg')]);
      expect(response.statusCode).toBe(415);
      await h.expectNothingStored(before);
    });
  });

  describe('only JSON unless a route opts in', () => {
    it('an upload route refuses a JSON body', async () => {
      const response = await post(h.t.app, '/api/test/pan', { pan: 'x' }, auth(h.token));
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe('Send this as multipart/form-data');
    });

    it('a JSON route refuses multipart', async () => {
      const response = await h.send('/api/user/set-previous', [{ name: 'x', value: 'y' }]);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).message).toBe('Unsupported Media Type: multipart/form-data');
    });

    it('JSON routes keep working', async () => {
      const response = await get(h.t.app, '/api/user', auth(h.token));
      expect(response.statusCode).toBe(200);
    });

    it('a malformed multipart body is a 400', async () => {
      const response = await h.t.app.inject({
        method: 'POST',
        url: '/api/test/pan',
        payload: '--xyz\r\nContent-Disposition: form-data; name="pan"; filename="a.jpg"\r\n\r\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-access-token': h.token },
      });
      expect(response.statusCode).toBe(400);
      expect(['The upload is not valid multipart/form-data', 'The upload was interrupted, try again']).toContain(errorOf(response).message);
    });

    it('an upload without a session is 401 and stores nothing', async () => {
      const before = await h.snapshot();
      const response = await h.send('/api/test/pan', [panFile(h.jpeg)], 'no-such-token');
      expect(response.statusCode).toBe(401);
      await h.expectNothingStored(before);
    });
  });

});
