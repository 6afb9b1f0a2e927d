import type { FlowConfig } from '../../engine/flow-types';
import { apiBindings } from '../../engine/step-api';

/** The rejected steps a document re-upload fixes: those flow.json lets POST /user/modification/document fix. */
export function documentSteps(flow: FlowConfig): readonly string[] {
  return apiBindings(flow).get('POST /user/modification/document')?.fixes ?? [];
}
