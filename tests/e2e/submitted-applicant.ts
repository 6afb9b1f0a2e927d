import sharp from 'sharp';
import { expect } from 'vitest';
import { apiPost, signedUpThroughApi } from './journey';
import { setPanRecord, setProgress, userByPhone, type ServerWithDb } from './fixtures';

/**
 * A submitted application for the back office to review, made through the applicant's own API (the screens are
 * tested elsewhere): signed in, email verified, PAN record, PAN image, the liveness selfie with the sandbox camera's
 * photo, the signature, and then at verification_pending.
 */
export interface SubmittedApplicant {
  id: string;
  phone: string;
  email: string;
  pan: string;
  name: string;
  token: string;
}

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour, noise: { type: 'gaussian', mean: 120, sigma: 30 } } }).jpeg().toBuffer();

export async function submittedApplicant(env: ServerWithDb, who: { phone: string; email: string; pan: string; name: string }): Promise<SubmittedApplicant> {
  const { url } = env.server;
  const call = <T>(path: string, body: unknown, headers: Record<string, string> = {}) => apiPost<T>(env.server, path, body, headers);
  const token = await signedUpThroughApi(env.server, who.phone, who.email);
  const signedIn = { 'x-access-token': token };
  await setPanRecord(env.db, who.phone, { pan: who.pan, name: who.name, dateOfBirth: '15/08/1990' });

  const upload = async (path: string, field: string, bytes: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${field}.jpg`);
    const response = await fetch(`${url}/api${path}`, { method: 'POST', headers: signedIn, body: form });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  };
  await setProgress(env.db, who.phone, { currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload' });
  await upload('/user/pan-proof-upload', 'pan', await picture(1200, 760, '#dfe8f7'));

  await setProgress(env.db, who.phone, { currentStep: 'bank_details', nextStep: 'liveliness_detection' });
  const { requestId } = await call<{ requestId: string }>('/user/initiate-workflow/selfie', {}, signedIn);
  const photo = `data:image/jpeg;base64,${(await picture(480, 640, '#c89a7a')).toString('base64')}`;
  await call(`/dev/identity/${requestId}/approve`, { photo });
  await call('/user/verify-workflow/selfie', { requestId }, signedIn);

  await setProgress(env.db, who.phone, { currentStep: 'declaration', nextStep: 'signature' });
  await upload('/user/add-signature', 'signature', await picture(600, 200, '#ffffff'));
  await setProgress(env.db, who.phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
  const { id } = await userByPhone(env.db, who.phone);
  return { ...who, id, token };
}
