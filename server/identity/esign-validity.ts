import type { Kysely } from 'kysely';
import { journey } from '../../core/engine/flow';
import type { FlowConfig, StepId } from '../../core/engine/flow-types';
import { stepOwning } from '../../core/engine/step-api';
import { voidEsignRequests } from './repository';
import type { Database, UserRow } from '../db/schema';

/** The route whose step signs the application's documents (flow.json names that step). */
const esignListRoute = 'POST /user/e-sign-documents';

/** Pure: whether an applicant whose next step is `nextStep` may hold signatures: at or past the signing step. */
function signingCheck(flow: FlowConfig): (nextStep: StepId | null | undefined) => boolean {
  const order = journey(flow);
  const signing = order.indexOf(stepOwning(flow, esignListRoute));
  return (nextStep) => {
    const at = nextStep ? order.indexOf(nextStep) : -1;
    return at >= 0 && signing >= 0 && at >= signing;
  };
}

export interface SignatureGuard {
  /**
   * The applicant (as they were before) changed their application through `step`'s route, or moved back (`step`
   * null). A signature is never kept for data that changed after it: once the signing step is reached, any change
   * made by another step voids every eSign request, signed or open, so each document is signed again.
   */
  changed(before: UserRow, step: StepId | null): Promise<void>;
}

export function createSignatureGuard(db: Kysely<Database>, flow: FlowConfig): SignatureGuard {
  const signing = stepOwning(flow, esignListRoute);
  const mayHoldSignatures = signingCheck(flow);
  return {
    async changed(before, step) {
      if (step === signing || !mayHoldSignatures(before.next_step)) return;
      await voidEsignRequests(db, before.id);
    },
  };
}
