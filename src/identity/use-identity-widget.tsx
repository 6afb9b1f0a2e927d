import { useEffect, useState } from 'react';
import { errorText } from '../api/api-error';
import { useApi } from '../api/api-context';
import { getIdentityWidget } from '../api/identity';
import { useConfig } from '../config/config-context';
import { messageText } from '../../core/engine/message-codes';
import { createDigioWidget } from './digio-widget';
import { loadDigioSdk } from './digio-sdk';
import type { IdentityWidget } from './widget-types';

export interface IdentityWidgetState {
  /** Undefined until the server has named the SDK and its script has loaded. */
  widget: IdentityWidget | undefined;
  /** Why no widget could be had: the config call or the SDK failed. */
  error: string | undefined;
}

/**
 * The identity vendor's Web SDK the server names (GET /api/identity/widget): Digio's script, or its simulator's on
 * this origin outside production; either is loaded and called the same way. `fallback` is the text for a failure
 * without the server's words.
 */
export function useIdentityWidget(fallback: string): IdentityWidgetState {
  const api = useApi();
  const [widget, setWidget] = useState<IdentityWidget | undefined>();
  const [error, setError] = useState<string | undefined>();
  const noResponse = messageText(useConfig().messages, 'errors.noResponse', { error: '{error}' });

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const config = await getIdentityWidget(api);
        const Digio = await loadDigioSdk(config.sdkUrl);
        if (!gone) setWidget(createDigioWidget(Digio, config.environment, { fallback, noResponse }));
      } catch (failure) {
        if (!gone) setError(errorText(failure, fallback));
      }
    })();
    return () => {
      gone = true;
    };
  }, [api, fallback, noResponse]);

  return { widget, error };
}
