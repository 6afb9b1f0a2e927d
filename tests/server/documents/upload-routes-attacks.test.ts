import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UploadKind, uploadKinds } from '../../../server/documents/uploads/upload-kinds';
import { type TestApp, auth, errorOf, startTestApp } from '../helpers';
import { nominee } from '../nominee-payloads';
import { applicantAt } from '../step-fixtures';
import { type StoredDocuments, storedDocuments } from '../upload-harness';
import { type FilePart, type TextPart, filesUnder, multipart, phoneJpeg } from '../upload-fixtures';

/**
 * The attacks of tests/server/documents/uploads.test.ts, sent to the real upload routes of issue 8 by an applicant at the
 * route's step: each gets its status and message, and leaves no document row and no file behind.
 */

interface Route {
  url: string;
  kind: UploadKind;
  /** The step the applicant must be at, and the one before it. */
  step: [next: string, current: string];
  /** The form parts around the one file under attack. */
  parts(file: Omit<FilePart, 'name'>): (TextPart | FilePart)[];
}

const routes: [string, Route][] = [
  ['PAN image', { url: '/api/user/pan-proof-upload', kind: 'pan_image', step: ['pan_image_upload', 'aadhaar_verification'], parts: (file) => [{ name: 'pan', ...file }] }],
  ['signature', { url: '/api/user/add-signature', kind: 'signature_image', step: ['signature', 'declaration'], parts: (file) => [{ name: 'signature', ...file }] }],
  ['nominee proof', {
    url: '/api/user/add-nominee',
    kind: 'nominee_proof',
    step: ['nominee', 'signature'],
    parts: (file) => [{ name: 'nomineeDetails', value: JSON.stringify([nominee()]) }, { name: 'documentProof_0', ...file }],
  }],
];

const megabyte = 1024 * 1024;
let t: TestApp;
let stored: StoredDocuments;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  stored = storedDocuments(t);
  jpeg = await phoneJpeg(640, 360);
});
afterAll(async () => t.close());

describe.each(routes)('%s upload (real route)', (_name, route) => {
  const rule = uploadKinds[route.kind];
  const send = async (file: Omit<FilePart, 'name'>) => {
    const who = await applicantAt(t, route.step[0], {}, route.step[1]);
    const { body, contentType } = multipart(route.parts(file));
    return t.app.inject({ method: 'POST', url: route.url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  };
  const asJpeg = (data: Buffer, filename = 'photo.jpg') => ({ filename, contentType: 'image/jpeg', data });

  it.each<[string, () => Omit<FilePart, 'name'>, number, () => string]>([
    ['a shell script named photo.jpg', () => asJpeg(Buffer.from('#!/bin/sh\nrm -rf /\n')), 415, () => `${rule.label} must be ${rule.acceptText}`],
    ['a truncated JPEG', () => asJpeg(jpeg.subarray(0, Math.floor(jpeg.length / 2))), 400, () => `${rule.label} is damaged or incomplete, upload it again`],
    ['a 20 MB file', () => asJpeg(Buffer.concat([jpeg, Buffer.alloc(20 * megabyte)])), 413, () => `${rule.label} is larger than 5 MB`],
    ['a script with a path-like name', () => asJpeg(Buffer.from('<?php system($_GET["c"]); ?>'), '../../shell.php.jpg'), 415, () => `${rule.label} must be ${rule.acceptText}`],
  ])('%s: refused with its status and message, nothing stored', async (_attack, file, status, message) => {
    const before = await stored.snapshot();
    const response = await send(file());
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status, message: message() });
    await stored.expectNothingStored(before);
  });

  it('a valid JPEG named ../../x.jpg is stored under a name the server chose, inside the documents folder', async () => {
    const before = await stored.snapshot();
    const files = stored.storedFiles();
    const response = await send(asJpeg(jpeg, '../../x.jpg'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored.rowCount()).toBe(before.rows + 1);
    const added = stored.storedFiles().filter((path) => !files.includes(path));
    expect(added.map((path) => relative(stored.documentsDir(), path))).toEqual([expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{32}$/)]);
    // Nothing named after the upload anywhere under DATA_DIR, nor where ../../ from the documents folder points.
    expect(filesUnder(t.dir).filter((path) => path.endsWith('x.jpg'))).toEqual([]);
    expect(existsSync(join(stored.documentsDir(), '..', '..', 'x.jpg'))).toBe(false);
    expect(readdirSync(join(t.dir, '..')).filter((name) => name === 'x.jpg')).toEqual([]);
  });
});
