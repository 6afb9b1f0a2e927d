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
