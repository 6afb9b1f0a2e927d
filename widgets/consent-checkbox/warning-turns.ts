/**
 * One consent warning at a time: boxes unticked one after another each have a dialog to show, and they take turns
 * (in the order they asked) instead of stacking. Boxes left unticked at one Save share a single dialog, the first
 * box's (`requestAlone`): the others' inline errors say the rest, so an empty Save opens one bottom sheet, not a
 * row of them. A tiny store for useSyncExternalStore.
 */
const waiting: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const warningTurns = {
  request(id: string): void {
    if (waiting.includes(id)) return;
    waiting.push(id);
    emit();
  },
  /** Asks for a turn only if no dialog is showing or waiting (the boxes of one Save ask in the same commit). */
  requestAlone(id: string): void {
    if (waiting.length === 0) warningTurns.request(id);
  },
  release(id: string): void {
    const index = waiting.indexOf(id);
    if (index < 0) return;
    waiting.splice(index, 1);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): string | undefined => waiting[0],
};
