import type { CompletedStage, FlowConfig, StepId } from '../../core/engine/flow-types';

export type StageState = 'inactive' | 'progress' | 'completed';

/** The completedStages entry for a status (spec 4 "Final status screens"); the earliest stage when none matches. */
export function completedStage(flow: FlowConfig, nextStep: StepId | null | undefined): { stage: CompletedStage; last: number } {
  const stages = Object.values(flow.completedStages);
  const earliest = [...stages].sort((a, b) => a.stage - b.stage)[0];
  if (!earliest) throw new Error('flow-config/flow.json: completedStages is empty');
  const stage = (nextStep && stages.find((entry) => entry.steps.includes(nextStep))) || earliest;
  return { stage, last: Math.max(...stages.map((entry) => entry.stage)) };
}

/**
 * Earlier stages are done, the current one is under way, later ones wait. A stage that names an outcome (`done`:
 * 'Application Approved') is complete once reached, and the one after it is under way; so is the last stage.
 */
export function stageStates(current: number, last: number, done = false): StageState[] {
  const underWay = done ? current + 1 : current;
  return Array.from({ length: last }, (_, index) => {
    const position = index + 1;
    if (position < underWay || (position === last && current === last)) return 'completed';
    return position === underWay ? 'progress' : 'inactive';
  });
}
