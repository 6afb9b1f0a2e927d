/** Pure rules of a multiple choice whose schema requires some values (`contains`): those stay selected. */

/** Values the array's schema requires (`contains: {const}` or a one-value `contains: {enum}`): shown locked. */
export function requiredValues(schema: Readonly<Record<string, unknown>>): unknown[] {
  const contains = schema.contains;
  if (!contains || typeof contains !== 'object') return [];
  if ('const' in contains) return [contains.const];
  const values = 'enum' in contains ? contains.enum : undefined;
  return Array.isArray(values) && values.length === 1 ? values : [];
}

/** `value` toggled; required values are always in; the result keeps the schema's order of options. */
export function toggleValue(order: readonly unknown[], locked: readonly unknown[], selected: readonly unknown[], value: unknown): unknown[] {
  const on = (item: unknown) => locked.includes(item) || (item === value ? !selected.includes(item) : selected.includes(item));
  return order.filter(on);
}

export interface ChoicesNote {
  title: string;
  text: string;
  linkText?: string;
  linkUrl?: string;
}

/** The note under the choices (e.g. 'Charges & Fees'), as ui:options gave it; its shape is checked by config. */
export function readNote(value: unknown): ChoicesNote | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const note = value as Partial<Record<keyof ChoicesNote, unknown>>;
  if (typeof note.title !== 'string' || typeof note.text !== 'string') return undefined;
  const link = typeof note.linkText === 'string' && typeof note.linkUrl === 'string' ? { linkText: note.linkText, linkUrl: note.linkUrl } : {};
  return { title: note.title, text: note.text, ...link };
}
