import type { WidgetCallback } from '../api/identity';
import { format } from '../text/format';
import type { DigioConstructor } from './digio-sdk';
import type { IdentityWidget, WidgetRun } from './widget-types';

/** Texts for a callback without Digio's own words; `noResponse` may hold `{error}`, the fallback. */
export interface DigioFailureTexts {
  fallback: string;
  noResponse: string;
}

/**
 * Digio's callback as a WidgetCallback; anything unexpected counts as an error with Digio's words if any.
 * A callback with neither a document nor an error code is 'no response' (spec section 8), and says so.
 */
export function toWidgetCallback(response: unknown, texts: DigioFailureTexts): WidgetCallback {
  const record = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const docId = text(record.digio_doc_id) ?? '';
  const errorCode = text(record.error_code) ?? (docId ? undefined : 'NO_RESPONSE');
  const fallback = errorCode === 'NO_RESPONSE' ? format(texts.noResponse, { error: texts.fallback }) : texts.fallback;
  const message = text(record.message) ?? fallback;
  return { digio_doc_id: docId, message, ...(errorCode ? { error_code: errorCode } : {}) };
}

/**
 * The widget: `new Digio({environment, callback})` and `init()` in the click, then `submit(requestId, identifier,
 * token)` once the server has handed out the request; Digio's SDK or its simulator's, the same calls.
 */
export function createDigioWidget(Digio: DigioConstructor, environment: 'sandbox' | 'production', texts: DigioFailureTexts): IdentityWidget {
  return {
    open(): WidgetRun {
      let settle: (callback: WidgetCallback) => void = () => {};
      const outcome = new Promise<WidgetCallback>((resolve) => {
        settle = resolve;
      });
      const digio = new Digio({ environment, is_iframe: true, callback: (response) => settle(toWidgetCallback(response, texts)) });
      digio.init();
      return {
        submit(credentials) {
          digio.submit(credentials.requestId, credentials.identifier, credentials.token);
          return outcome;
        },
        abandon() {
          digio.cancel?.();
        },
      };
    },
  };
}
