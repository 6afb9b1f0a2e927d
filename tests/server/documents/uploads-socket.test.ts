import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, signIn, startTestApp } from '../helpers';
import { listenLocally, postRaw } from '../raw-http';
import { storedDocuments } from '../upload-harness';
import { multipart, phoneJpeg } from '../upload-fixtures';
import { uploadProbeRoutes } from '../upload-probe';

describe('uploads over a real socket', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let oversize: { body: Buffer; contentType: string };

  beforeAll(async () => {
    t = await startTestApp({ extraSignedInRoutes: [uploadProbeRoutes] });
    token = (await signIn(t)).token;
    base = await listenLocally(t);
    const jpeg = await phoneJpeg();
    // 20 MB: a real JPEG start, then padding. The limit is 5 MB.
    oversize = multipart([{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]) }]);
  });
  afterAll(() => t.close());

  it('a 20 MB upload gets its 413 with the message (Node http client), and the connection stays usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await postRaw(`${base}/api/test/pan`, oversize.body, { 'content-type': oversize.contentType, 'x-access-token': token }, agent);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413, message: 'PAN image is larger than 5 MB' });
      expect(answer.headers.connection).not.toBe('close');
      const next = await postRaw(`${base}/api/test/pan`, Buffer.from('{}'), { 'content-type': 'application/json', 'x-access-token': token }, agent);
      expect(next.status).toBe(415);
    } finally {
      agent.destroy();
    }
  });

  it('a 20 MB upload gets its 413 through fetch', async () => {
    const response = await fetch(`${base}/api/test/pan`, {
      method: 'POST',
      body: new Uint8Array(oversize.body),
      headers: { 'content-type': oversize.contentType, 'x-access-token': token },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('PAN image is larger than 5 MB');
  });

  it('a 20 MB upload without a session gets its 401, not a reset', async () => {
    const answer = await postRaw(`${base}/api/test/pan`, oversize.body, { 'content-type': oversize.contentType });
    expect(answer.status).toBe(401);
  });

  it('an upload cut off half way leaves no file, no temp file and no row', async () => {
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    const jpeg = await phoneJpeg();
    const whole = multipart([{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: jpeg }]);
    await new Promise<void>((resolve) => {
      const call = request(`${base}/api/test/pan`, {
        method: 'POST',
        headers: { 'content-type': whole.contentType, 'content-length': String(whole.body.length), 'x-access-token': token },
      });
      call.on('error', () => resolve());
      call.on('response', () => resolve());
      call.write(whole.body.subarray(0, Math.floor(whole.body.length / 2)), () => setTimeout(() => call.destroy(), 50));
    });
    // Give the server a moment to notice the closed socket.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stored.expectNothingStored(before);
    const complete = await postRaw(`${base}/api/test/pan`, whole.body, { 'content-type': whole.contentType, 'x-access-token': token });
    expect(complete.status).toBe(200);
    // The same count that stayed put now moves: one row and one file for the complete upload.
    expect(await stored.snapshot()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it('a body past the drain bound is cut off without hurting the server', async () => {
    const huge = Buffer.concat([oversize.body, Buffer.alloc(20 * 1024 * 1024)]);
    await postRaw(`${base}/api/test/pan`, huge, { 'content-type': oversize.contentType, 'x-access-token': token }).then(
      (answer) => expect(answer.headers.connection).toBe('close'),
      (error: NodeJS.ErrnoException) => expect(['ECONNRESET', 'EPIPE']).toContain(error.code),
    );
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});
