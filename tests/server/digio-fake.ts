import type { ServerResponse } from 'node:http';
import { minimalPdf } from '../../server/providers/minimal-pdf';
import { type CapturedRequest, json, startHttpPeer } from './http-peer';

/** What the fake Digio says about each request id, by path kind; tests change it as the applicant acts. */
export interface DigioFakeState {
  kycStatus: Map<string, Record<string, unknown>>;
  documentStatus: Map<string, Record<string, unknown>>;
  /** Captured photos by file id (`/client/kyc/v2/media/{file_id}`). */
  media: Map<string, Buffer>;
  /** Next answer for any call, instead of the routed one (errors, garbage). */
  override?: (res: ServerResponse) => void;
}

export const fakeAadhaar = '987654321012';

/** A local HTTP server that answers like Digio's API (paths, shapes, basic auth). */
export async function startDigioFake() {
  const state: DigioFakeState = { kycStatus: new Map(), documentStatus: new Map(), media: new Map() };
  let counter = 0;
  let requests: CapturedRequest[] = [];
  const peer = await startHttpPeer((res) => {
    if (state.override) return state.override(res);
    const request = requests[requests.length - 1];
    const url = new URL(request?.url ?? '/', 'http://fake');
    const body = (request?.body ?? {}) as Record<string, unknown>;
    counter += 1;
    if (request?.method === 'POST' && url.pathname === '/client/kyc/v2/request/with_template') {
      const id = `KID2601151000000${String(counter).padStart(2, '0')}FAKEKYCREQ01`;
      state.kycStatus.set(id, { id, status: 'requested', actions: [] });
      return json(200, { id, status: 'requested', customer_identifier: body.customer_identifier, reference_id: body.reference_id, access_token: { id: `GWT2601151000000${counter}FAKETOKEN`, entity_id: id, valid_till: '2026-01-15 10:30:00' } })(res);
    }
    const kyc = /^\/client\/kyc\/v2\/([^/]+)\/response$/.exec(url.pathname);
    if (request?.method === 'POST' && kyc) {
      const answer = state.kycStatus.get(decodeURIComponent(kyc[1] ?? ''));
      return answer ? json(200, answer)(res) : json(404, { code: 'NOT_FOUND', message: 'No request found' })(res);
    }
    if (request?.method === 'POST' && url.pathname === '/v2/client/template/multi_templates/create_sign_request') {
      const id = `DID2601151000000${String(counter).padStart(2, '0')}FAKEDOCUMENT1`;
      const signers = (body.signers as { identifier: string }[] | undefined) ?? [];
      state.documentStatus.set(id, { id, agreement_status: 'requested', signing_parties: signers.map((s) => ({ identifier: s.identifier, status: 'requested' })) });
      return json(200, { id, agreement_status: 'requested', signing_parties: signers, access_token: { id: `GWT2601151000000${counter}FAKETOKEN`, entity_id: id } })(res);
    }
    if (request?.method === 'GET' && url.pathname === '/v2/client/document/download') {
      const signed = state.documentStatus.get(url.searchParams.get('document_id') ?? '')?.agreement_status === 'completed';
      if (!signed) return json(400, { message: 'Document not signed' })(res);
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(minimalPdf('signed by fake digio')));
      return;
    }
    const media = /^\/client\/kyc\/v2\/media\/([^/]+)$/.exec(url.pathname);
    if (request?.method === 'GET' && media) {
      const photo = state.media.get(decodeURIComponent(media[1] ?? ''));
      if (!photo) return json(404, { message: 'File not found' })(res);
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      return;
    }
    const document = /^\/v2\/client\/document\/([^/]+)$/.exec(url.pathname);
    if (request?.method === 'GET' && document) {
      const answer = state.documentStatus.get(decodeURIComponent(document[1] ?? ''));
      return answer ? json(200, answer)(res) : json(404, { message: 'Document not found' })(res);
    }
    return json(404, { message: 'no such path' })(res);
  });
  requests = peer.requests;
  return { ...peer, state };
}

/** Digio's answer once the applicant finished KYC through DigiLocker (with a full Aadhaar number: the worst case of what it may send). */
export function approvedKyc(id: string, status = 'approved'): Record<string, unknown> {
  return {
    id,
    status,
    actions: [
      {
        type: 'digilocker',
        status: 'approved',
        details: { aadhaar: { name: 'ASHA VERMA', dob: '15/08/1990', gender: 'F', id_number: fakeAadhaar } },
      },
      { type: 'selfie', status: 'approved', details: {} },
    ],
  };
}
