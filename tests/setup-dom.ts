import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { formWidgets } from '../src/app/form-widgets';
import { preloadWidgets } from '../src/renderer/widget-set';

// findBy* and waitFor wait up to 10 s, not 1: a screen's first render on a busy 2-core machine (CI, or several test
// runs at once) takes seconds; a broken screen still fails, within the test's own 30 s.
configure({ asyncUtilTimeout: 10_000 });

// antd's responsive helpers ask matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Some antd internals observe sizes; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Widget code loads on first use in the app (forms wait for it); here it is loaded up front, so a test may look
// for a form's inputs as soon as it renders.
await preloadWidgets(formWidgets);

// No test globals, so Testing Library cannot register its own cleanup. Each test ends as a closed page would:
// 'pagehide' sends the funnel events still queued (src/api/event-queue.ts), so a batch timer a screen started
// cannot fire inside a later test (the dom project shares one window per worker) and reach that test's fetch.
afterEach(() => {
  window.dispatchEvent(new Event('pagehide'));
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
});
