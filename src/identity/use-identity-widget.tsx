import { useEffect, useState, type ReactNode } from 'react';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { getIdentityWidget } from '../api/identity';
import { useConfig } from '../config/config-context';
import { messageText } from '../../core/engine/message-codes';
import { createDigioWidget } from './digio-widget';
import { loadDigioSdk } from './digio-sdk';
import { useSandboxWidget } from './sandbox-widget';
import type { IdentityWidget } from './widget-types';

export interface IdentityWidgetState {
  /** Undefined until the server has said which widget to use (and Digio's SDK has loaded). */
  widget: IdentityWidget | undefined;
  /** Why no widget could be had: the config call or the SDK failed. */
  error: string | undefined;
  /** The sandbox widget's dialog; render it in the screen. */
  host: ReactNode;
}

/**
 * The identity widget the server's provider goes with (GET /api/identity/widget): Digio's Web SDK, whose script
 * is added only then, or the in-app sandbox. `fallback` is the text for a failure without the server's words.
 */
export function useIdentityWidget(fallback: string): IdentityWidgetState {
  const api = useApi();
  const sandbox = useSandboxWidget(api);
  const [chosen, setChosen] = useState<{ kind: 'sandbox' } | { kind: 'digio'; widget: IdentityWidget } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const noResponse = messageText(useConfig().messages, 'errors.noResponse', { error: '{error}' });

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const config = await getIdentityWidget(api);
        if (config.kind === 'digio') {
          const Digio = await loadDigioSdk();
          if (!gone) setChosen({ kind: 'digio', widget: createDigioWidget(Digio, config.environment, { fallback, noResponse }) });
        } else if (!gone) setChosen({ kind: 'sandbox' });
      } catch (failure) {
        if (!gone) setError(errorText(failure, fallback));
      }
    })();
    return () => {
      gone = true;
    };
  }, [api, fallback, noResponse]);

  if (chosen?.kind === 'digio') return { widget: chosen.widget, error, host: null };
  return { widget: chosen ? sandbox.widget : undefined, error, host: sandbox.dialog };
}
