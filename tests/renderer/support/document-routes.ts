import type { UserDetails } from '../../../core/api/types';
import { stepAfter } from '../../../core/engine/flow';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { errorReply, type FakeRequest, type Reply } from '../../app/support/adapter';
import type { FakeServer } from '../../app/support/fake-server';

/** Known places for the pincode lookup; any other pincode is 404 'Pincode not found', as the real route answers. */
export const places: Record<string, { district: string; state: string }> = {
  '560001': { district: 'Bengaluru', state: 'Karnataka' },
  '400001': { district: 'Mumbai', state: 'Maharashtra' },
  '110001': { district: 'New Delhi', state: 'Delhi' },
};

export function answerPincodes(server: FakeServer, known: Record<string, { district: string; state: string }> = places): void {
  const codes = ['560001', '400001', '110001', '999999', '123456', '000000'];
  for (const code of codes) {
    server.on(`GET /utils/pincode/${code}`, () => {
      const place = known[code];
      return place ? { status: 200, body: { pincode: code, ...place, country: 'India' } } : errorReply(404, 'Pincode not found');
    });
  }
}

/** The multipart body a request carried. */
export function formDataOf(request: FakeRequest): FormData {
  const data: unknown = request.config.data;
  if (!(data instanceof FormData)) throw new Error(`${request.method} ${request.path} was not multipart`);
  return data;
}

/** A step route as the server answers it: the step done, nextStep moved on along the client's own flow config. */
export function answerStep(server: FakeServer, user: UserDetails, flow: FlowConfig, route: string, step: string, message: string, check?: (request: FakeRequest) => Reply | undefined): void {
  server.on(route, (request) => {
    const refused = check?.(request);
    if (refused) return refused;
    user.currentStep = step;
    user.nextStep = stepAfter(flow, step) ?? user.nextStep;
    return { status: 200, body: { message, step, user: structuredClone(user) } };
  });
}
