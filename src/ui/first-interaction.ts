const interactions = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Runs `act` once, at the applicant's first touch or key on `target`. Returns the clean-up (for React's effects). */
export function onFirstInteraction(act: () => void, target: EventTarget = window): () => void {
  const first = () => {
    stop();
    act();
  };
  const stop = () => interactions.forEach((type) => target.removeEventListener(type, first, true));
  interactions.forEach((type) => target.addEventListener(type, first, { capture: true, passive: true }));
  return stop;
}

/**
 * Runs `act` once the applicant has started on the page (their first touch or key) and the browser is next idle:
 * for loading what they may need next without competing with the page's first paint and hydration. Returns the
 * clean-up.
 */
export function onFirstInteractionIdle(act: () => void): () => void {
  let idle: number | undefined;
  const stop = onFirstInteraction(() => {
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(act, { timeout: 2000 }) : window.setTimeout(act, 0);
  });
  return () => {
    stop();
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
