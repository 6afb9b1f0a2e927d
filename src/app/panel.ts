import type { FlowConfig, PanelCopy, StepId } from '../../core/engine/flow-types';
import { normalisePath } from '../../core/engine/flow';

/**
 * Left-panel copy for a path: on the status page the applicant's stage's own (approved, ready, closed), else the
 * path's own, else the owning step's, else the welcome fallback.
 */
export function panelFor(flow: FlowConfig, path: string, nextStep?: StepId | null): PanelCopy {
  const route = normalisePath(path);
  const stage = route === flow.routes.completed && nextStep ? Object.values(flow.completedStages).find((entry) => entry.steps.includes(nextStep)) : undefined;
  if (stage?.panel) return stage.panel;
  const byPath = flow.panels.byPath[route];
  if (byPath) return byPath;
  const owner = flow.steps.find((step) => step.routes.includes(route));
  return (owner && flow.panels.byStep[owner.id]) || flow.panels.fallback;
}
