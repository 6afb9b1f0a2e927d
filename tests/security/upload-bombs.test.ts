import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../core/api/types';
import { uploadKinds } from '../../server/documents/uploads/upload-kinds';
import { type TestApp, auth, errorOf, get, startTestApp } from '../server/helpers';
import { applicantAt } from '../server/step-fixtures';
import { type StoredDocuments, storedDocuments } from '../server/upload-harness';
import { type FilePart, multipart, phoneJpeg, pixelBombPng } from '../server/upload-fixtures';
import { upload } from './journey';

/**
 * Upload bombs and polyglots through the real step routes (issue 19): decompression bombs and absurd dimensions
 * are refused before they are decoded, nothing is stored; whatever rides along in an accepted image (a ZIP, a
 * script) does not survive its re-encoding, and a stored file is served as what it is, never as a page.
 */

let t: TestApp;
let stored: StoredDocuments;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  stored = storedDocuments(t);
  jpeg = await phoneJpeg(640, 360);
});
afterAll(() => t.close());

/** A real JPEG whose frame header claims `width` x `height` pixels. */
function hugeJpeg(source: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(source);
  for (let at = 2; at < copy.length - 9; at += 1) {
    // SOF0/SOF2: marker, length (2), precision (1), height (2), width (2).
    if (copy[at] === 0xff && (copy[at + 1] === 0xc0 || copy[at + 1] === 0xc2)) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
  }
  throw new Error('no frame header in the JPEG');
}

const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const routes = [
  { url: '/api/user/pan-proof-upload', step: 'pan_image_upload', field: 'pan', kind: 'pan_image' as const },
  { url: '/api/user/add-signature', step: 'signature', field: 'signature', kind: 'signature_image' as const },
];

describe.each(routes)('$url', (route) => {
  const rule = uploadKinds[route.kind];
  const send = async (file: Omit<FilePart, 'name'>) => {
    const who = await applicantAt(t, route.step);
    return { who, answer: await upload(t, who.token, route.url, [{ name: route.field, ...file }]) };
  };

  it.each([
    ['a decompression bomb (a PNG of 30000 x 30000 pixels in a few hundred bytes)', () => ({ filename: 'x.png', contentType: 'image/png', data: pixelBombPng() })],
    ['a JPEG claiming 60000 x 60000 pixels', () => ({ filename: 'x.jpg', contentType: 'image/jpeg', data: hugeJpeg(jpeg, 60_000, 60_000) })],
  ])('%s: 400, nothing stored', async (_name, file) => {
    const before = await stored.snapshot();
    const { answer } = await send(file());
    expect({ status: answer.statusCode, message: errorOf(answer).message }).toEqual({ status: 400, message: `${rule.label} has too many pixels (at most 50 megapixels)` });
    await stored.expectNothingStored(before);
  });

  it('an SVG (a script-carrying image format) is refused: 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const { answer } = await send({ filename: 'x.svg', contentType: 'image/svg+xml', data: svg });
    expect({ status: answer.statusCode, message: errorOf(answer).message }).toEqual({ status: 415, message: `${rule.label} must be ${rule.acceptText}` });
  });

  it('a JPEG + ZIP + HTML polyglot is stored re-encoded: served as a JPEG, with neither the ZIP nor the script', async () => {
    const polyglot = Buffer.concat([jpeg, zipHeader, Buffer.from('PAYLOAD<html><script>alert(1)</script></html>')]);
    const { who, answer } = await send({ filename: '"><script>alert(1)</script>.jpg', contentType: 'text/html', data: polyglot });
    expect(answer.statusCode, answer.body).toBe(200);
    const documentId = (answer.json<StepSavedResponse>().user as unknown as { documentId: string }).documentId;
    const served = await get(t.app, `/api/user/documents/${documentId}`, auth(who.token));
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${rule.label.toLowerCase().replace(/\s+/g, '_')}.jpg"`,
    });
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload.includes(zipHeader)).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });
});

describe('other bombs', () => {
  it('a gzip-encoded body is not inflated: the 64 MB it would expand to (13 times the limit) never exists', async () => {
    const who = await applicantAt(t, 'pan_image_upload');
    const { body, contentType } = multipart([{ name: 'pan', filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const bomb = gzipSync(Buffer.concat([body, Buffer.alloc(64 * 1024 * 1024 - body.length)]));
    const before = await stored.snapshot();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/user/pan-proof-upload',
      payload: bomb,
      headers: { ...auth(who.token).headers, 'content-type': contentType, 'content-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    await stored.expectNothingStored(before);
  });
});
