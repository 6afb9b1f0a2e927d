import { type ClientEvent, maxEventMessageLength, maxEventsPerBatch, personalDataIn } from '../../core/engine/analytics-events';

/**
 * The funnel events of one app instance, batched: sent a couple of seconds after the first, at 20, or as the page is
 * hidden (keepalive, so a closing tab still sends them). Best effort: a failed send is dropped, the applicant never
 * waits for it and never sees it. Loaded with the first event, not with the page.
 */
export interface EventQueue {
  add(event: ClientEvent): void;
}

export interface EventQueueOptions {
  baseURL: string;
  /** The applicant's session token when signed in: the server counts the events for them (under a hash). */
  getToken: () => string | null;
  flushMs?: number;
}

/** The message trimmed to what the server takes; an event whose message could hold personal data is not sent. */
function clean(event: ClientEvent): ClientEvent | undefined {
  if (event.message === undefined) return event;
  const message = event.message.trim().slice(0, maxEventMessageLength);
  if (message === '' || personalDataIn(message)) {
    if (event.type === 'form_error') return undefined;
    const { message: _dropped, ...rest } = event;
    return rest;
  }
  return { ...event, message };
}

export function createEventQueue({ baseURL, getToken, flushMs = 2000 }: EventQueueOptions): EventQueue {
  let pending: ClientEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (keepalive = false) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (pending.length > 0) {
      const events = pending.slice(0, maxEventsPerBatch);
      pending = pending.slice(maxEventsPerBatch);
      const token = getToken();
      void fetch(`${baseURL}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
        body: JSON.stringify({ events }),
        keepalive,
      }).catch(() => undefined);
    }
  };

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush(true));
    window.addEventListener('pagehide', () => flush(true));
  }

  return {
    add(event) {
      const sendable = clean(event);
      if (!sendable) return;
      pending.push(sendable);
      if (pending.length >= maxEventsPerBatch) flush();
      else timer ??= setTimeout(() => flush(), flushMs);
    },
  };
}
