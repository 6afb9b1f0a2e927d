import type { ApiClient } from '../api/client';
import type { UserDetails } from '../api/types';

/** What a submit effect gets: the api client (injected, so effects never import axios) and the current user. */
export interface EffectContext {
  api: ApiClient;
  user: UserDetails | null;
  /** The step whose routes include the page's route (flow.json), if any. */
  step?: string;
}

/** What a submit effect returns: the fresh user (for the next route) and an optional server message. */
export interface EffectOutcome {
  user?: UserDetails;
  message?: string;
}

export type SubmitEffect = (data: Record<string, unknown>, context: EffectContext) => Promise<EffectOutcome>;
