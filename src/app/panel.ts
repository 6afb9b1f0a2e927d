import type { FlowConfig, PanelCopy } from '../engine/flow-types';
import { normalisePath } from '../engine/flow';

/** Left-panel copy for a path: the path's own, else the owning step's, else the welcome fallback. */
export function panelFor(flow: FlowConfig, path: string): PanelCopy {
  const route = normalisePath(path);
  const byPath = flow.panels.byPath[route];
  if (byPath) return byPath;
  const owner = flow.steps.find((step) => step.routes.includes(route));
  return (owner && flow.panels.byStep[owner.id]) || flow.panels.fallback;
}
