/** The spec's rule for long lists: more than 5 options shows the first 6 and a 'View More' control. */
export interface CollapseRule {
  over: number;
  show: number;
}

export const defaultCollapse: CollapseRule = { over: 5, show: 6 };

/** More than `over` options: the first `show`, unless expanded. A chosen option is never hidden. */
export function visibleOptions<T extends { value: unknown }>(
  options: readonly T[],
  rule: CollapseRule,
  expanded: boolean,
  chosen?: unknown,
): { shown: T[]; hidden: number } {
  if (expanded || options.length <= rule.over) return { shown: [...options], hidden: 0 };
  const chosenIndex = chosen === undefined ? -1 : options.findIndex((option) => option.value === chosen);
  const count = Math.max(rule.show, chosenIndex + 1);
  return { shown: options.slice(0, count), hidden: Math.max(0, options.length - count) };
}

export function collapseRule(options: Readonly<Record<string, unknown>>): CollapseRule {
  const int = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);
  return { over: int(options.collapseOver, defaultCollapse.over), show: int(options.collapsedShow, defaultCollapse.show) };
}
