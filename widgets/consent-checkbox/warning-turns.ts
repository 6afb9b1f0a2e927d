/**
 * One consent warning at a time: boxes left unticked at Save each have a dialog to show, and they take turns
 * (in the order they asked) instead of stacking. A tiny store for useSyncExternalStore.
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
