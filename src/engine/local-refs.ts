/** Refs inside one schema document (`#/definitions/nominee`), followed without a schema compiler. Pure. */

type Json = Readonly<Record<string, unknown>>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The node a `#/...` ref in `root` points at (refs to refs followed); the node itself when it has no local ref. */
export function followLocalRef(root: Json, node: Json, depth = 0): Json | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return node;
  if (depth > 20) return undefined;
  let target: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    target = isJson(target) ? target[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  }
  if (!isJson(target)) return undefined;
  const { $ref: _ref, ...siblings } = node;
  const followed = followLocalRef(root, target, depth + 1);
  return followed ? { ...followed, ...siblings } : undefined;
}

/** A copy of `root` with every local ref replaced by what it points at (a cycle stops at its second visit). */
export function inlineLocalRefs(root: Json): Json {
  const visit = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, seen));
    if (!isJson(node)) return node;
    const ref = typeof node.$ref === 'string' && node.$ref.startsWith('#') ? node.$ref : undefined;
    if (ref && seen.includes(ref)) return node;
    const target = ref ? followLocalRef(root, node) : node;
    if (!target) return node;
    const nextSeen = ref ? [...seen, ref] : seen;
    return Object.fromEntries(Object.entries(target).map(([key, value]) => [key, key === 'definitions' || key === '$defs' ? value : visit(value, nextSeen)]));
  };
  return visit(root, []) as Json;
}
