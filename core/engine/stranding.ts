import { findStep } from './flow';
import type { FlowConfig } from './flow-types';

/**
 * Pure: which open applications a new flow would strand. An application whose next step the new flow no longer has
 * would land on the status page with nothing submitted (continueRoute), unless the release moves it to a step the
 * new flow has (`moves`: old step → new step).
 */

export interface OpenApplication {
  id: string;
  nextStep: string | null;
}

export interface StrandedStep {
  step: string;
  applications: string[];
}

/** The steps stranded applications wait at, each with its applications, in step name order. */
export function strandedApplications(open: readonly OpenApplication[], flow: FlowConfig, moves: Readonly<Record<string, string>> = {}): StrandedStep[] {
  const byStep = new Map<string, string[]>();
  for (const { id, nextStep } of open) {
    if (!nextStep || findStep(flow, nextStep) || moves[nextStep] !== undefined) continue;
    byStep.set(nextStep, [...(byStep.get(nextStep) ?? []), id]);
  }
  return [...byStep.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([step, applications]) => ({ step, applications }));
}

/** A move must land on a journey step of the new flow: anywhere else the application could not go on. */
export function moveProblems(flow: FlowConfig, moves: Readonly<Record<string, string>>): string[] {
  return Object.entries(moves).flatMap(([from, to]) =>
    findStep(flow, to)?.journey === true ? [] : [`--move ${from}=${to}: '${to}' is not a journey step of the new flow-config/flow.json`],
  );
}

/** 'config release refused: it would strand 3 open applications ...', naming each step, its count and its applications. */
export function strandingMessage(stranded: readonly StrandedStep[]): string {
  const count = stranded.reduce((sum, { applications }) => sum + applications.length, 0);
  const lines = stranded.map(({ step, applications }) => `  ${applications.length} at '${step}': ${applications.join(', ')}`);
  return [
    `config release refused: it would strand ${count} open application${count === 1 ? '' : 's'} whose next step is not in the new flow-config/flow.json:`,
    ...lines,
    'Keep the step, or name where they go on: npm run config:release -- --move <old step>=<new step>',
  ].join('\n');
}
