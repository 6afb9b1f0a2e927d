/** The texts of a copy whose keys start with `prefix` ('item.aadhaar', 'item.phone'...), in the order config wrote them. */
export function copyList(copy: Record<string, string>, prefix: string): { key: string; text: string }[] {
  return Object.entries(copy)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, text]) => ({ key: key.slice(prefix.length), text }));
}
