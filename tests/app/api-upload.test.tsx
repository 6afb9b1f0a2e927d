import type { AxiosProgressEvent } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { UPLOAD_TIMEOUT_MS } from '../../src/api/client';
import { createApiClient } from '../../src/api/create-api-client';
import { addNominees } from '../../src/api/nominee';
import { uploadLimits } from '../../src/api/upload-limits';
import { defaultBundle } from '../../src/config/bundle';
import { adapterFrom, errorReply, type FakeRequest, type Reply } from './support/adapter';

const MB = 1024 * 1024;
const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

function clientAnswering(reply: Reply | ((request: FakeRequest) => Reply)) {
  const seen: FakeRequest[] = [];
  const hooks = { onUnauthorized: vi.fn(), onOutOfSync: vi.fn() };
  const api = createApiClient({
    messages: defaultBundle.messages,
    getToken: () => 'tok-1',
    ...hooks,
    adapter: adapterFrom((request) => {
      seen.push(request);
      return typeof reply === 'function' ? reply(request) : reply;
    }),
  });
  return { api, seen, ...hooks };
}

const form = (...files: [string, File][]) => {
  const body = new FormData();
  for (const [field, value] of files) body.append(field, value, value.name);
  return body;
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: multipart uploads', () => {
  it('posts the form as is, with the token, credentials, the /api base and the longer upload timeout', async () => {
    const { api, seen } = clientAnswering({ status: 200, body: { message: 'PAN card Uploaded Successfully!', step: 'pan_image_upload' } });
    const body = form(['pan', file('cropped_image.jpeg', 'image/jpeg', 1000)]);
    await expect(api.upload('/user/pan-proof-upload', body)).resolves.toEqual({ message: 'PAN card Uploaded Successfully!', step: 'pan_image_upload' });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.config.data).toBe(body);
    expect(request?.headers['x-access-token']).toBe('tok-1');
    expect(request?.config.withCredentials).toBe(true);
    expect(request?.config.baseURL).toBe('/api');
    expect(request?.config.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('reports progress in whole percent', async () => {
    const { api } = clientAnswering((request) => {
      const report = request.config.onUploadProgress;
      for (const loaded of [0, 333, 1000]) report?.({ loaded, total: 1000, bytes: loaded, lengthComputable: true } as AxiosProgressEvent);
      return { status: 200, body: {} };
    });
    const percents: number[] = [];
    await api.upload('/user/add-signature', form(['signature', file('signature', 'image/jpeg', 1000)]), { onProgress: (p) => percents.push(p) });
    expect(percents).toEqual([0, 33, 100]);
  });

  it.each([
    ['a 6 MB image', file('pan.jpg', 'image/jpeg', 6 * MB), 'The file is larger than 5 MB. Choose a file of 5 MB or less.'],
    ['an 11 MB PDF', file('statement.pdf', 'application/pdf', 11 * MB), 'The file is larger than 10 MB. Choose a file of 10 MB or less.'],
  ])('refuses %s in the browser with a 413 and sends nothing', async (_name, big, message) => {
    const { api, seen } = clientAnswering({ status: 200, body: {} });
    const error = await failure(api.upload('/user/pan-proof-upload', form(['pan', big])));
    expect([error.status, error.message]).toEqual([413, message]);
    expect(seen).toHaveLength(0);
  });

  it('sends files at their limit (5 MB image, 10 MB PDF)', async () => {
    const { api, seen } = clientAnswering({ status: 200, body: {} });
    await api.upload('/x', form(['pan', file('pan.png', 'image/png', uploadLimits.image)]));
    await api.upload('/y', form(['proof_of_income', file('s.pdf', 'application/pdf', uploadLimits.pdf)]));
    expect(seen).toHaveLength(2);
  });

  it("reads failures through the same error catalogue: the server's words, 401, timeouts", async () => {
    const refused = clientAnswering(errorReply(415, 'PAN image must be a JPEG or PNG image'));
    expect((await failure(refused.api.upload('/user/pan-proof-upload', form(['pan', file('a.jpg', 'image/jpeg', 10)])))).message).toBe(
      'PAN image must be a JPEG or PNG image',
    );
    const expired = clientAnswering(errorReply(401, 'unauthorized'));
    await failure(expired.api.upload('/user/add-signature', new FormData()));
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
    const slow = clientAnswering({ fail: 'timeout' });
    expect((await failure(slow.api.upload('/user/add-signature', new FormData()))).message).toBe('Server timed out');
  });

  it('add-nominee sends nomineeDetails as JSON and documentProof_{i} files', async () => {
    const { api, seen } = clientAnswering({ status: 200, body: {} });
    const proofs = [file('a.jpg', 'image/jpeg', 10), file('b.png', 'image/png', 10)];
    await addNominees(api, [{ firstName: 'Asha' }, { firstName: 'Kiran' }] as never, proofs);
    const body = seen[0]?.config.data as FormData;
    expect([...body.keys()]).toEqual(['nomineeDetails', 'documentProof_0', 'documentProof_1']);
    expect(JSON.parse(String(body.get('nomineeDetails')))).toEqual([{ firstName: 'Asha' }, { firstName: 'Kiran' }]);
    expect((body.get('documentProof_1') as File).name).toBe('b.png');
  });
});
