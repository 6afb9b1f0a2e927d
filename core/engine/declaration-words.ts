import { type PageConfig, pageForms } from './config-types';

/**
 * Pure: the words a page showed for a declaration the applicant ticked (a field its schema marks `"x-consent"`), in
 * the page's language: the statement (copy `<field>.label`), and for a `declarations` widget its heading, items,
 * source and link text, in the order shown. What a declaration's evidence hash is taken of, and what the back office
 * shows beside it.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string[] => (typeof value === 'string' && value.length > 0 ? [value] : []);

function widgetWords(uiSchema: unknown, field: string): string[] {
  const options = isRecord(uiSchema) && isRecord(uiSchema[field]) ? uiSchema[field]['ui:options'] : undefined;
  if (!isRecord(options)) return [];
  const items = Array.isArray(options.items) ? options.items.flatMap(text) : [];
  const link = isRecord(options.link) ? text(options.link.text) : [];
  return [...text(options.heading), ...items, ...text(options.source), ...link];
}

/** The words `field` was shown with on the first of `routes` that asks it; empty when none does. */
export function declarationWords(pages: Record<string, PageConfig>, routes: readonly string[], field: string): string[] {
  for (const route of routes) {
    const page = pages[route];
    if (!page) continue;
    for (const form of pageForms(page)) {
      const widget = widgetWords(form.uiSchema, field);
      const statement = text(page.copy[`${field}.label`]);
      if (statement.length > 0 || widget.length > 0) return [...widget, ...statement];
    }
  }
  return [];
}

/** One text of the words, line by line: what the SHA-256 is taken of. */
export const wordsAsShown = (words: readonly string[]): string => words.join('\n');
