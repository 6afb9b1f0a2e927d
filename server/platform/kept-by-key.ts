/**
 * `make()` once per key: the result is kept for the last `limit` keys used, and a key seen again gets it back
 * without `make`. For work a process repeats on the same input (tests build hundreds of apps on one config).
 */
export function keptByKey<T>(limit: number): (key: string, make: () => T) => T {
  const kept = new Map<string, T>();
  return (key, make) => {
    let value: T;
    if (kept.has(key)) {
      value = kept.get(key)!;
      kept.delete(key);
    } else {
      value = make();
      if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, value);
    return value;
  };
}
