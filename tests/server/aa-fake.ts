import { randomUUID } from 'node:crypto';
import { type Reply, json, startHttpPeer } from './http-peer';

export { type TestApp, auth, get, startTestApp } from './helpers';

/**
 * A local FIU API that answers like Setu's: POST /consents → {id, url, status: PENDING};
 * GET /consents/{id} → {id, status}. `override` answers every call instead.
 */
export async function startHttpPeerFor(initialStatus = 'PENDING', override?: Reply) {
  let status = initialStatus;
  const peer = await startHttpPeer((res) => {
    if (override) return override(res);
    const request = peer.requests[peer.requests.length - 1];
    if (request?.method === 'POST' && request.url === '/consents') {
      const id = randomUUID();
      return json(201, { id, url: `https://anumati.setu.example/consent/${id}`, status: 'PENDING' })(res);
    }
    const match = /^\/consents\/([^/]+)$/.exec(request?.url ?? '');
    if (request?.method === 'GET' && match) return json(200, { id: match[1], status })(res);
    return json(404, { errorMsg: 'not found' })(res);
  });
  return {
    ...peer,
    setStatus(next: string) {
      status = next;
    },
  };
}
