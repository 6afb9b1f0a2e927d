import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { createApiClient } from '../../src/api/create-api-client';
import { defaultBundle } from '../../src/config/bundle';
import { saveStep } from '../../src/effects/save-step';
import { type MessageCode, messageText } from '../../core/engine/message-codes';
import { keepPickedFile } from '../../src/state/picked-files';
import { adapterFrom, type FakeRequest } from './support/adapter';

/** The generic submit of a form step (saveStep): JSON for plain answers, multipart once the form holds a picked file. */

const MB = 1024 * 1024;
const say = (code: MessageCode) => messageText(defaultBundle.messages, code);
const saved = { message: 'Details Saved!', user: { nextStep: 'bank_details' } };

function client() {
  const seen: FakeRequest[] = [];
  const api = createApiClient({
    messages: defaultBundle.messages,
    getToken: () => 'tok-1',
    onUnauthorized: vi.fn(),
    onOutOfSync: vi.fn(),
    adapter: adapterFrom((request) => {
      seen.push(request);
      return { status: 200, body: saved };
    }),
  });
  return { api, seen };
}

describe('saveStep', () => {
  it('posts plain answers as JSON to the generic step route', async () => {
    const { api, seen } = client();
    await saveStep({ hasOtherDematAccount: true }, { api, user: null, say, step: 'other_accounts' });
    expect(seen[0]?.config.url).toBe('/user/step/other_accounts');
    expect(seen[0]?.config.data).toBe(JSON.stringify({ hasOtherDematAccount: true }));
  });

  it('sends the picked file and every other answer as multipart, with the file under its field', async () => {
    const { api, seen } = client();
    const bill = new File(['%PDF-1.4 bill'], 'bill.pdf', { type: 'application/pdf' });
    const outcome = await saveStep(
      { addressProofType: 'passport', addressProof: keepPickedFile(bill, 'document_proof'), sameAsPermanent: false, note: undefined },
      { api, user: null, say, step: 'address_proof' },
    );
    expect(outcome).toEqual(saved);
    const body = seen[0]?.config.data as FormData;
    expect(seen[0]?.config.url).toBe('/user/step/address_proof');
    expect([...body.keys()]).toEqual(['addressProofType', 'addressProof', 'sameAsPermanent']);
    expect([body.get('addressProofType'), body.get('sameAsPermanent'), (body.get('addressProof') as File).name]).toEqual(['passport', 'false', 'bill.pdf']);
  });

  it("checks a picked file against its kind's limit before sending: 10 MB for a document proof image, 5 MB for a PAN image", async () => {
    const { api, seen } = client();
    const photo = () => new File([new Uint8Array(7 * MB)], 'bill.jpg', { type: 'image/jpeg' });
    await saveStep({ addressProofType: 'passport', addressProof: keepPickedFile(photo(), 'document_proof') }, { api, user: null, say, step: 'address_proof' });
    expect(seen).toHaveLength(1);
    const refused = await saveStep({ panImage: keepPickedFile(photo(), 'pan_image') }, { api, user: null, say, step: 'pan_copy' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).message]).toEqual([413, 'The file is larger than 5 MB. Choose a file of 5 MB or less.']);
    expect(seen).toHaveLength(1);
  });
  it('sends a step flow.json binds to a path of its own there, as multipart, its file under the multipart name the binding gives', async () => {
    const { api, seen } = client();
    const bill = new File(['%PDF-1.4 bill'], 'bill.pdf', { type: 'application/pdf' });
    const uploadPath = { url: '/user/address-proof', names: { addressProof: 'proof' } };
    await saveStep({ addressProofType: 'passport', addressProof: keepPickedFile(bill, 'document_proof') }, { api, user: null, say, step: 'address_proof', uploadPath });
    await saveStep({ addressProofType: 'passport' }, { api, user: null, say, step: 'address_proof', uploadPath });
    expect(seen.map((request) => request.config.url)).toEqual(['/user/address-proof', '/user/address-proof']);
    const [withFile, withoutFile] = seen.map((request) => request.config.data as FormData);
    expect([...(withFile?.keys() ?? [])]).toEqual(['addressProofType', 'proof']);
    expect([...(withoutFile?.keys() ?? [])]).toEqual(['addressProofType']);
  });
});
