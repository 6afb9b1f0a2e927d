import type { WidgetCallback } from '../api/identity';
import type { DigioConstructor } from './digio-sdk';
import type { IdentityWidget, WidgetRun } from './widget-types';

/** Digio's callback as a WidgetCallback; anything unexpected counts as an error with Digio's words if any. */
export function toWidgetCallback(response: unknown, fallbackMessage: string): WidgetCallback {
  const record = typeof response === 'object' && response !== null ? (response as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const docId = text(record.digio_doc_id) ?? '';
  const message = text(record.message) ?? fallbackMessage;
  const errorCode = text(record.error_code) ?? (docId ? undefined : 'NO_RESPONSE');
  return { digio_doc_id: docId, message, ...(errorCode ? { error_code: errorCode } : {}) };
}

/**
 * The production widget: `new Digio({environment, callback})` and `init()` in the click, then
 * `submit(requestId, identifier, token)` once the server has handed out the request.
 */
export function createDigioWidget(Digio: DigioConstructor, environment: 'sandbox' | 'production', fallbackMessage: string): IdentityWidget {
  return {
    kind: 'digio',
    open(): WidgetRun {
      let settle: (callback: WidgetCallback) => void = () => {};
      const outcome = new Promise<WidgetCallback>((resolve) => {
        settle = resolve;
      });
      const digio = new Digio({ environment, is_iframe: true, callback: (response) => settle(toWidgetCallback(response, fallbackMessage)) });
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
