import { useAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { useConfig } from '../config/config-context';
import { continueRoute } from '../../core/engine/flow';
import { stepOfRoute } from '../../core/engine/step-api';
import { stepUploadPath } from '../../core/engine/upload-bindings';
import { userDetailsAtom } from '../state/account';
import { useFormStatus } from '../state/form-status';
import { type MessageCode, messageText } from '../../core/engine/message-codes';
import { useToast } from '../ui/toast';
import { loadEffect } from './registry';

export interface SubmitEffectOptions {
  /** Effect name from config. */
  effect: string;
  /** Where the name came from, for the error when it is unknown (e.g. 'page /verify-pan'). */
  where: string;
  /** The page's route: the effect learns the step it belongs to. */
  route?: string;
  /** The page's copy: `success` and `failure` texts, when given, win over the server's. */
  copy: Record<string, string>;
  /** 'continue' (default) or a route. */
  next?: string;
  /** Where to go when the effect's answer needs the applicant's confirmation first (the form's `confirmRoute`). */
  confirm?: string;
  /** The success toast's colour: green (default) or orange (a skipped step). */
  tone?: 'success' | 'warning';
  /** After the red toast: where a screen goes on a failure (the bank screen returns to its choice). */
  onFailure?: (message: string) => void;
}

/**
 * Runs a named submit effect with the form-slice rules of spec section 4: loading while it runs,
 * then a green toast and navigation; or a red toast and back to idle with the data kept.
 */
export function useSubmitEffect({ effect, where, route, copy, next = 'continue', confirm, tone = 'success', onFailure }: SubmitEffectOptions) {
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const { flow, messages } = useConfig();
  const [user, setUser] = useAtom(userDetailsAtom);
  const form = useFormStatus(where);
  const [progress, setProgress] = useState<number | undefined>();

  async function run(data: Record<string, unknown>): Promise<boolean> {
    if (form.loading) return false;
    form.start();
    setProgress(undefined);
    try {
      const submit = await loadEffect(effect, where);
      const step = route ? stepOfRoute(flow, route)?.id : undefined;
      const say = (code: MessageCode) => messageText(messages, code);
      const uploadPath = step ? stepUploadPath(flow, step) : undefined;
      const bound = { ...(step ? { step } : {}), ...(uploadPath ? { uploadPath } : {}) };
      const outcome = await submit(data, { api, user, say, ...bound, onProgress: setProgress, updateUser: setUser });
      const fresh = outcome.user ?? user;
      if (outcome.user) setUser(outcome.user);
      form.succeed();
      if (outcome.confirm && confirm) {
        // Nothing is done yet: the applicant confirms what the server found on the next page.
        form.reset();
        await navigate(confirm);
        return true;
      }
      const success = copy.success ?? outcome.message;
      if (success) toast[tone](success, outcome.notice);
      form.reset();
      const target = next === 'continue' ? continueRoute(flow, fresh?.nextStep) : next;
      // Staying on the page (a re-upload) replaces the history entry rather than adding the same page again.
      await navigate(target, target === route ? { replace: true } : undefined);
      return true;
    } catch (error) {
      // The server's words when it gave some; otherwise the page's own failure text beats the generic one.
      const generic = messageText(messages, 'errors.fallback');
      const shown = errorText(error, generic);
      const message = shown === generic && copy.failure ? copy.failure : shown;
      form.fail('submit', message);
      toast.error(message);
      form.reset();
      onFailure?.(message);
      return false;
    }
  }

  return { run, loading: form.loading, progress };
}
