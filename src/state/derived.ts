import { atom } from 'jotai';
import type { FlowConfig } from '../../core/engine/flow-types';
import { continueRoute } from '../../core/engine/flow';
import { progress } from '../../core/engine/progress';
import { userDetailsAtom } from './account';

/** Set by the app from the ConfigBundle it was given, so derived atoms follow a test's temporary config. */
export const flowConfigAtom = atom<FlowConfig | null>(null);

function requireFlow(flow: FlowConfig | null): FlowConfig {
  if (!flow) throw new Error('flowConfigAtom is not set: render inside <App> or set it on the store');
  return flow;
}

export const nextStepAtom = atom((get) => get(userDetailsAtom)?.nextStep ?? null);

/** The one count of the application (core/engine/progress.ts): the top bar and the Resume screen show it alike. */
export const progressAtom = atom((get) => progress(requireFlow(get(flowConfigAtom)), get(nextStepAtom), Object.keys(get(userDetailsAtom)?.rejectedSteps ?? {})));

export const continueRouteAtom = atom((get) => continueRoute(requireFlow(get(flowConfigAtom)), get(nextStepAtom)));
