import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, auth, post } from './helpers';
import type { Applicant } from './step-fixtures';

/** {status, identifier, requestId, token} of POST /user/initiate-workflow/{kyc|selfie}. */
export interface Credentials {
  status: string;
  identifier: string;
  requestId: string;
  token: string;
}

export interface EsignEntry {
  name: string;
  identifier: string;
  eSignRequestID: string;
  token: string;
  signed: boolean;
}

export async function initiate(t: TestApp, who: Applicant, workflow: 'kyc' | 'selfie'): Promise<Credentials> {
  const response = await post(t.app, `/api/user/initiate-workflow/${workflow}`, {}, auth(who.token));
  if (response.statusCode !== 200) throw new Error(`initiate ${workflow} answered ${response.statusCode}: ${response.body}`);
  return response.json<Credentials>();
}

/** What the sandbox widget reports: approve, cancel or reject. */
export function widget(t: TestApp, requestId: string, action: 'approve' | 'cancel' | 'reject'): Promise<LightMyRequestResponse> {
  return post(t.app, `/api/dev/identity/${encodeURIComponent(requestId)}/${action}`, undefined);
}

/** Acknowledges every evidence text the applicant has not (the MITC, which eSign asks first), as the eSign page does. */
export async function acknowledgeEvidence(t: TestApp, who: Applicant, headers: Record<string, string> = {}): Promise<void> {
  const listed = await t.app.inject({ method: 'GET', url: '/api/user/acknowledgements', headers: { ...auth(who.token).headers, ...headers } });
  const { acknowledgements } = listed.json<{ acknowledgements: { key: string; version: string; acknowledgedAt: string | null }[] }>();
  for (const { key, version, acknowledgedAt } of acknowledgements) {
    if (acknowledgedAt) continue;
    const response = await t.app.inject({ method: 'POST', url: `/api/user/acknowledgements/${key}`, payload: { version }, headers: { ...auth(who.token).headers, ...headers } });
    if (response.statusCode !== 200) throw new Error(`acknowledging ${key} answered ${response.statusCode}: ${response.body}`);
  }
}

export async function esignList(t: TestApp, who: Applicant): Promise<EsignEntry[]> {
  await acknowledgeEvidence(t, who);
  const response = await post(t.app, '/api/user/e-sign-documents', {}, auth(who.token));
  if (response.statusCode !== 200) throw new Error(`e-sign-documents answered ${response.statusCode}: ${response.body}`);
  return response.json<EsignEntry[]>();
}

export interface MultipartFile {
  bytes: Uint8Array;
  filename: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, file?: MultipartFile): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('proof_of_income', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** POST /api/user/income-proof as the applicant, multipart. */
export async function submitIncomeProof(t: TestApp, who: Applicant, fields: Record<string, string>, file?: MultipartFile): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/user/income-proof', payload, headers: { ...headers, ...auth(who.token).headers } });
}
