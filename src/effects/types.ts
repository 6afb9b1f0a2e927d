import type { ApiClient } from '../api/client';
import type { UserDetails } from '../../core/api/types';
import type { MessageCode } from '../../core/engine/message-codes';
import type { StepUploadPath } from '../../core/engine/upload-bindings';

/** What a submit effect gets: the api client (injected, so effects never import axios) and the current user. */
export interface EffectContext {
  api: ApiClient;
  user: UserDetails | null;
  /** The step whose routes include the page's route (flow.json), if any. */
  step?: string;
  /** The spec path flow.json binds that step's file form to ("upload" on an api entry), if any. */
  uploadPath?: StepUploadPath;
  /** Uploads report how much of the body has been sent (whole percent). */
  onProgress?: (percent: number) => void;
  /** An effect of several calls keeps what the first ones saved, even when a later one fails. */
  updateUser?: (user: UserDetails) => void;
  /** A text of flow-config/messages.json by its code (what an effect refuses before sending anything). */
  say: (code: MessageCode) => string;
}

/** What a submit effect returns: the fresh user (for the next route) and an optional server message. */
export interface EffectOutcome {
  user?: UserDetails;
  message?: string;
  /** The answer needs the applicant's confirmation before the step is done: go to the form's `confirmRoute`. */
  confirm?: boolean;
  /** A second line under the success toast (a nomination's acknowledgement reference). */
  notice?: string;
}

export type SubmitEffect = (data: Record<string, unknown>, context: EffectContext) => Promise<EffectOutcome>;
