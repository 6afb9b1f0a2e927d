import { useMemo, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { reportSandboxOutcome, type WidgetCallback } from '../api/identity';
import { SandboxDialog, type SandboxSession } from './sandbox-dialog';
import { sandboxTexts } from './sandbox-texts';
import type { IdentityWidget } from './widget-types';

/**
 * The in-app sandbox widget: the same contract as Digio's (open in the click, submit the request, one callback
 * `{error_code?, message, digio_doc_id}`). Approve and Cancel report to the sandbox provider through
 * POST /api/dev/identity/{requestId}/approve|cancel first, so the verify call sees what a real provider would.
 */
export function useSandboxWidget(api: ApiClient): { widget: IdentityWidget; dialog: ReactNode } {
  const [session, setSession] = useState<SandboxSession | null>(null);
  const settle = useRef<((callback: WidgetCallback) => void) | null>(null);

  const widget = useMemo<IdentityWidget>(
    () => ({
      kind: 'sandbox',
      open(journey, label) {
        setSession({ journey, ...(label ? { label } : {}) });
        return {
          submit(credentials) {
            setSession({ journey, ...(label ? { label } : {}), credentials });
            return new Promise<WidgetCallback>((resolve) => {
              settle.current = resolve;
            });
          },
          abandon() {
            settle.current = null;
            setSession(null);
          },
        };
      },
    }),
    [],
  );

  const answer = async (action: 'approve' | 'cancel', photo?: string): Promise<void> => {
    const requestId = session?.credentials?.requestId;
    if (!requestId) return;
    let callback: WidgetCallback;
    try {
      callback = await reportSandboxOutcome(api, requestId, action, photo);
    } catch (error) {
      callback = { digio_doc_id: requestId, message: errorText(error, sandboxTexts.reportFailed), error_code: 'SANDBOX_UNAVAILABLE' };
    }
    const resolve = settle.current;
    settle.current = null;
    setSession(null);
    resolve?.(callback);
  };

  const dialog = session ? <SandboxDialog session={session} onAnswer={answer} /> : null;
  return { widget, dialog };
}
