import { useEffect, type RefObject } from 'react';

/**
 * WCAG 2.4.3: when the page's heading changes (a new route, a view of the same route, the next question of a
 * paged form) and the element that had focus went with the old view, focus moves to the new heading, so keyboard
 * and screen-reader users start at the top of what is new instead of at the page's body. Focus a page gave on
 * purpose (an autofocused field, an open dialog) stays. The first heading of a visit takes no focus.
 */
export function useHeadingFocus(card: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = card.current;
    if (!root) return undefined;
    let shown: { element: Element; text: string } | undefined = undefined;
    let first = true;
    const check = () => {
      const heading = root.querySelector('h1');
      if (!heading) return;
      const text = heading.textContent ?? '';
      if (shown && shown.element === heading && shown.text === text) return;
      shown = { element: heading, text };
      if (first) {
        first = false;
        return;
      }
      if (!focusWasLost(root)) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      (heading as HTMLElement).focus();
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    check();
    return () => observer.disconnect();
  }, [card]);
}

/** Nothing in the card or in a dialog has focus: the focused element was removed, or focus is on the page itself. */
function focusWasLost(card: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  if (card.contains(active)) return false;
  return !active.closest('[role="dialog"]');
}

/** Moves focus to a heading now (a paged form's next question), making it focusable first. */
export function focusHeading(heading: HTMLElement | null): void {
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
