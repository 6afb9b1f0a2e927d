import type { PageConfig, PagesFile } from './config-types';

/**
 * Pure: evidence texts. A page whose options carry an `evidenceKey` and a `version` (the MITC at /mitc) is a text an
 * applicant acknowledges: its stable key names it for ever (a config release pins it by that key), its version says
 * which wording, and its words are what was shown. A page that must be acknowledged before it is used names the
 * evidence pages in its options' `acknowledge` (the eSign page names /mitc).
 */

export interface EvidenceText {
  key: string;
  version: string;
  /** The route that shows it in full. */
  route: string;
  /** Every text shown, in order: title, subtitle, the source with its references, each `item.N`, then the statement ticked. */
  words: string[];
  /** What the applicant ticks ('I have read and understood ...'). */
  statement: string;
}

/** The wire shape of GET /user/acknowledgements' entries and POST /user/acknowledgements/{key}'s answer. */
export interface AcknowledgementState {
  key: string;
  /** The version config shows now. */
  version: string;
  /** When this version was acknowledged (ISO), or null. */
  acknowledgedAt: string | null;
  /** The SHA-256 (hex) of the words acknowledged, as they were shown. */
  textSha256: string | null;
}

const itemNumber = (key: string) => Number(key.slice('item.'.length));

/** `item.1`, `item.2` ... of a copy, in number order (`item.10` after `item.9`). */
export function numberedItems(copy: Record<string, string>): { key: string; text: string }[] {
  return Object.keys(copy)
    .filter((key) => /^item\.[0-9]+$/.test(key))
    .sort((a, b) => itemNumber(a) - itemNumber(b))
    .map((key) => ({ key, text: copy[key]! }));
}

/** The source line with its circulars' numbers in place of {ref1}, {ref2}... */
export function sourceWithReferences(source: string, references: readonly string[]): string {
  return source.replace(/\{ref([0-9]+)\}/g, (whole, index: string) => references[Number(index) - 1] ?? whole);
}

function optionsOf(page: PageConfig | undefined): Record<string, unknown> {
  return page && 'options' in page && page.options ? page.options : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The evidence text `route` shows, in the language of `pages`; undefined when it shows none. */
export function evidenceAt(pages: Record<string, PageConfig>, route: string): EvidenceText | undefined {
  const page = pages[route];
  const { evidenceKey, version, references } = optionsOf(page);
  if (!page || typeof evidenceKey !== 'string' || typeof version !== 'string') return undefined;
  const copy = page.copy;
  const source = copy.source ? sourceWithReferences(copy.source, strings(references)) : undefined;
  const statement = copy.acknowledge ?? '';
  const words = [copy.title, copy.subtitle, source, ...numberedItems(copy).map((item) => item.text), statement].filter(
    (text): text is string => typeof text === 'string' && text.length > 0,
  );
  return { key: evidenceKey, version, route, words, statement };
}

/** Every evidence text of the config, by key. */
export function evidenceTexts(pages: Record<string, PageConfig>): Map<string, EvidenceText> {
  const found = new Map<string, EvidenceText>();
  for (const route of Object.keys(pages)) {
    const evidence = evidenceAt(pages, route);
    if (evidence) found.set(evidence.key, evidence);
  }
  return found;
}

/** The evidence texts some page asks to be acknowledged (its options' `acknowledge`), by key: the MITC, not a policy the kit only links. */
export function acknowledgeableTexts(pages: Record<string, PageConfig>): Map<string, EvidenceText> {
  return new Map(acknowledgementsBefore(pages, Object.keys(pages)).map((evidence) => [evidence.key, evidence]));
}

/** The evidence texts to acknowledge before using any of `routes` (their pages' `acknowledge`), in order. */
export function acknowledgementsBefore(pages: Record<string, PageConfig>, routes: readonly string[]): EvidenceText[] {
  const named = routes.flatMap((route) => strings(optionsOf(pages[route]).acknowledge));
  return [...new Set(named)].flatMap((route) => {
    const evidence = evidenceAt(pages, route);
    return evidence ? [evidence] : [];
  });
}

/** The regulatory texts the kit of a page links to (its options' `kitLinks`: the voluntary freeze policy), with where each is published. */
export function kitLinksOf(pages: Record<string, PageConfig>, routes: readonly string[]): { evidence: EvidenceText; published: string | undefined }[] {
  return routes.flatMap((route) =>
    strings(optionsOf(pages[route]).kitLinks).flatMap((linked) => {
      const evidence = evidenceAt(pages, linked);
      const published = optionsOf(pages[linked]).published;
      return evidence ? [{ evidence, published: typeof published === 'string' ? published : undefined }] : [];
    }),
  );
}

/**
 * Config problems, each named by file and page: an evidence page without its version or text, or without the statement
 * ticked when a page asks for it to be acknowledged, a key used
 * twice, a {refN} with no reference, an `acknowledge` naming no evidence page.
 */
export function evidenceProblems(pageFiles: Record<string, PagesFile>): string[] {
  const pages = Object.assign({}, ...Object.values(pageFiles).map((file) => file.pages)) as Record<string, PageConfig>;
  const fileOf = (route: string) => Object.entries(pageFiles).find(([, file]) => Object.hasOwn(file.pages, route))?.[0] ?? 'flow-config/pages';
  const problems: string[] = [];
  const keys = new Map<string, string>();
  const problem = (route: string, text: string) => problems.push(`${fileOf(route)}: page ${route}: ${text}`);
  const acknowledged = new Set(Object.values(pages).flatMap((page) => strings(optionsOf(page).acknowledge)));
  for (const [route, page] of Object.entries(pages)) {
    const options = optionsOf(page);
    if (typeof options.evidenceKey === 'string') {
      const evidence = evidenceAt(pages, route);
      if (!evidence) problem(route, `evidence '${options.evidenceKey}' needs a "version" in its options`);
      else {
        if (acknowledged.has(route) && !page.copy.acknowledge) problem(route, `evidence '${evidence.key}' needs copy "acknowledge" (the statement the applicant ticks)`);
        if (numberedItems(page.copy).length === 0) problem(route, `evidence '${evidence.key}' has no copy item.1, item.2 ... (its text)`);
        const other = keys.get(evidence.key);
        if (other) problem(route, `evidence key '${evidence.key}' is already the key of page ${other}`);
        keys.set(evidence.key, route);
      }
      const refs = strings(options.references).length;
      for (const [, index] of (page.copy.source ?? '').matchAll(/\{ref([0-9]+)\}/g)) {
        if (Number(index) > refs) problem(route, `copy source names {ref${index}}, but options.references has ${refs}`);
      }
    }
    for (const named of strings(options.kitLinks)) {
      if (!evidenceAt(pages, named)) problem(route, `kitLinks names ${named}, which is no evidence page (options evidenceKey and version)`);
    }
    for (const named of strings(options.acknowledge)) {
      if (!evidenceAt(pages, named)) problem(route, `acknowledge names ${named}, which is no evidence page (options evidenceKey and version)`);
    }
  }
  return problems;
}
