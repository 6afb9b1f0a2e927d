import type { UiSchema } from '@rjsf/utils';

/**
 * Step copy from flow-config, as flat keys: `title`, `subtitle`, `consent`, `submit`, and per field
 * `<path>.label`, `<path>.placeholder`, `<path>.help`, and `<path>.section` (a heading above the field that starts a
 * group, e.g. the guardian's details) (path = property names joined by dots).
 */
export type FormCopy = Readonly<Record<string, string>>;

const FIELD_KEYS: Readonly<Record<string, string>> = { label: 'ui:title', placeholder: 'ui:placeholder', help: 'ui:help', section: 'ui:section' };

/** Returns a copy of `uiSchema` with the field copy written into it; the uiSchema passed in is not changed. */
export function applyCopy<T extends UiSchema>(uiSchema: T, copy: FormCopy): T {
  const result = structuredClone(uiSchema) as Record<string, unknown>;
  for (const [key, text] of Object.entries(copy)) {
    const dot = key.lastIndexOf('.');
    const uiKey = dot > 0 ? FIELD_KEYS[key.slice(dot + 1)] : undefined;
    if (!uiKey) continue;
    let node = result;
    for (const part of key.slice(0, dot).split('.')) {
      const next = node[part];
      node = (next && typeof next === 'object' ? next : (node[part] = {})) as Record<string, unknown>;
    }
    node[uiKey] = text;
  }
  return result as T;
}

/** The copy a form shows inside itself: its page shows the heading (`title`, `subtitle`) as the screen's own. */
export function withoutHeading(copy: Readonly<Record<string, string>>): Record<string, string> {
  const { title: _title, subtitle: _subtitle, ...rest } = copy;
  return rest;
}
