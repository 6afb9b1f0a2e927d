import type { OpsConfig } from '../../core/api/generated/schema-types';
import { findStep } from '../../core/engine/flow';
import type { FlowConfig } from '../../core/engine/flow-types';

const where = 'flow-config/ops.json';

/**
 * Meaning of the console's config against flow.json: the queue's statuses are steps, the default is one of them,
 * reason templates are given only for steps a reviewer may send back.
 */
export function opsConfigProblems(ops: OpsConfig, flow: FlowConfig): string[] {
  const problems: string[] = [];
  ops.queue.statuses.forEach((status, index) => {
    if (!findStep(flow, status)) problems.push(`${where}: queue.statuses[${index}] names unknown step '${status}'`);
  });
  if (!ops.queue.statuses.includes(ops.queue.defaultStatus)) {
    problems.push(`${where}: queue.defaultStatus '${ops.queue.defaultStatus}' is not one of queue.statuses`);
  }
  for (const step of Object.keys(ops.reasons)) {
    if (!flow.review.rejectable.includes(step)) {
      problems.push(`${where}: reasons.${step}: '${step}' is not in flow.json review.rejectable (${flow.review.rejectable.join(', ')})`);
    }
  }
  return problems;
}
