import type { UserDetails } from '../../../core/api/types';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { stepAfter } from '../../../core/engine/flow';
import type { Reply } from '../../app/support/adapter';
import type { FakeServer } from '../../app/support/fake-server';

/**
 * The PAN routes as the real server answers them for a found individual: pan-number echoes the record with a
 * name, confirm-pan completes pan_verification and moves nextStep along the same flow config the client uses.
 */
export function answerPan(server: FakeServer, user: UserDetails, flow: FlowConfig, check?: () => Reply | Promise<Reply>): void {
  server.on('POST /user/pan-number', (request) =>
    check ? check() : { status: 200, body: { pan: request.body.pan, dateOfBirth: request.body.dateOfBirth, name: 'PRIYA SHARMA' } },
  );
  server.on('POST /user/confirm-pan', () => {
    const last = server.calls('POST /user/pan-number').at(-1)?.body ?? {};
    Object.assign(user, {
      pan: String(last.pan),
      dateOfBirth: String(last.dateOfBirth),
      name: 'PRIYA SHARMA',
      currentStep: 'pan_verification',
      nextStep: stepAfter(flow, 'pan_verification') ?? null,
    });
    return { status: 200, body: { message: 'PAN card Verified Successfully!', user: structuredClone(user) } };
  });
}
