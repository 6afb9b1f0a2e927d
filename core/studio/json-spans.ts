/**
 * Pure: where each value of a JSON text stands (its start and end offsets), so a studio edit rewrites one string in
 * place and leaves the rest of the file byte for byte as its authors formatted it (a small patch for git).
 */

export interface JsonSpan {
  start: number;
  end: number;
  /** Object members by key, or array items by index. */
  children?: Map<string, JsonSpan> | JsonSpan[];
}

const whitespace = /\s/;

function skip(text: string, at: number): number {
  let i = at;
  while (i < text.length && whitespace.test(text[i] as string)) i += 1;
  return i;
}

function stringEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function parseValue(text: string, at: number): JsonSpan {
  const start = skip(text, at);
  const first = text[start];
  if (first === '"') return { start, end: stringEnd(text, start) };
  if (first === '{' || first === '[') {
    const object = first === '{';
    const members = new Map<string, JsonSpan>();
    const items: JsonSpan[] = [];
    let i = skip(text, start + 1);
    while (i < text.length && text[i] !== (object ? '}' : ']')) {
      if (object) {
        const keyEnd = stringEnd(text, i);
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        i = skip(text, keyEnd) + 1; // the colon
        const value = parseValue(text, i);
        members.set(key, value);
        i = value.end;
      } else {
        const value = parseValue(text, i);
        items.push(value);
        i = value.end;
      }
      i = skip(text, i);
      if (text[i] === ',') i = skip(text, i + 1);
    }
    return { start, end: i + 1, children: object ? members : items };
  }
  let end = start;
  while (end < text.length && !/[\s,\]}]/.test(text[end] as string)) end += 1;
  return { start, end };
}

/** The span of the value at `path` (keys, array indices, or an item's `id` in an array of objects); undefined if absent. */
export function spanAt(text: string, path: readonly (string | number)[]): JsonSpan | undefined {
  let span: JsonSpan | undefined = parseValue(text, 0);
  let node: unknown = JSON.parse(text);
  for (const part of path) {
    const children: JsonSpan['children'] = span?.children;
    if (Array.isArray(children) && Array.isArray(node)) {
      const index = typeof part === 'number' ? part : node.findIndex((item) => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === part);
      span = children[index];
      node = node[index];
    } else if (children instanceof Map && typeof part === 'string' && typeof node === 'object' && node !== null) {
      span = children.get(part);
      node = (node as Record<string, unknown>)[part];
    } else return undefined;
    if (!span) return undefined;
  }
  return span;
}

/** `text` with the string at `path` replaced by `value`, everything else untouched; undefined when no string stands there. */
export function replaceStringAt(text: string, path: readonly (string | number)[], value: string): string | undefined {
  const span = spanAt(text, path);
  if (!span || text[span.start] !== '"') return undefined;
  return `${text.slice(0, span.start)}${JSON.stringify(value)}${text.slice(span.end)}`;
}
