import type { FlowConfig } from '../../../core/engine/flow-types';
import { apiBindings } from '../../../core/engine/step-api';

/** The rejected steps a document re-upload fixes: those flow.json lets POST /user/modification/document fix. */
export function documentSteps(flow: FlowConfig): readonly string[] {
  return apiBindings(flow).get('POST /user/modification/document')?.fixes ?? [];
}
