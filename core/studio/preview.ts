import { isFormPage, mergePages, type ConfigBundle, type Messages, type PagesFile } from '../engine/config-types';
import type { FlowConfig } from '../engine/flow-types';
import type { PrivacyConfig } from '../engine/privacy';
import { translated, type TextFileKind } from '../engine/translations';
import { type ConfigFiles, languagesOf } from './texts';

/**
 * Pure: what the studio's preview shows of a draft in one language: the config bundle the app's engine renders (its
 * flow, messages, privacy notice and page files, each with that language's words laid over as the app lays them), and
 * the journey's pages in the draft's order, each with its step and the schema its form stores.
 */

export interface PreviewPage {
  route: string;
  step: string;
  stepTitle: string;
  /** The step-data schema of the page's form; null for a screen of the app's own. */
  schema: string | null;
}

export interface PreviewConfig {
  language: string;
  /** Every language the draft offers, the default first as languages.json lists them. */
  languages: { code: string; name: string }[];
  bundle: ConfigBundle;
  pages: PreviewPage[];
}

const parse = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));

/** The file at `path` in `language`: the default language's file with the words of the language's own file of that name. */
function inLanguage<T>(files: ConfigFiles, kind: TextFileKind, path: string, language: string, defaultLanguage: string): T {
  const english = parse(files[`flow-config/${path}`]) as T;
  if (language === defaultLanguage) return english;
  const words = parse(files[`flow-config/languages/${language}/${path}`]);
  return words === undefined ? english : translated(kind, english, words);
}

/** The draft's files as the app would show them in `language`; undefined for a language the draft does not offer. */
export function previewConfig(files: ConfigFiles, language: string): PreviewConfig | undefined {
  const languages = languagesOf(files);
  if (!languages.languages.some(({ code }) => code === language)) return undefined;
  const read = <T>(kind: TextFileKind, path: string) => inLanguage<T>(files, kind, path, language, languages.default);
  const pageFiles: Record<string, PagesFile> = {};
  for (const path of Object.keys(files).sort()) {
    const name = /^flow-config\/pages\/([^/]+\.json)$/.exec(path)?.[1];
    if (name) pageFiles[`flow-config/pages/${name}`] = read<PagesFile>('page', `pages/${name}`);
  }
  const bundle: ConfigBundle = {
    flow: read<FlowConfig>('flow', 'flow.json'),
    messages: read<Messages>('messages', 'messages.json'),
    privacy: read<PrivacyConfig>('privacy', 'privacy.json'),
    pageFiles,
  };
  const merged = mergePages(bundle);
  // A route two steps share (the declaration and the signature are one page) is listed once, with the first.
  const listed = new Set<string>();
  const pages = bundle.flow.steps
    .filter((step) => step.journey)
    .flatMap((step) =>
      step.routes
        .filter((route) => Object.hasOwn(merged, route) && !listed.has(route) && Boolean(listed.add(route)))
        .map((route) => {
          const page = merged[route];
          return { route, step: step.id, stepTitle: step.title, schema: page && isFormPage(page) ? page.form.schema : null };
        }),
    );
  return { language, languages: languages.languages.map(({ code, name }) => ({ code, name })), bundle, pages };
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Answers a walker can go on with: each field's first example, else its default, else its first choice (enum, const
 * or oneOf); a yes/no is yes. Fields with none of these (a name, a PAN) are left for the walker to type.
 */
export function sampleAnswers(schema: unknown): Json {
  if (!isRecord(schema) || !isRecord(schema.properties)) return {};
  const answers: Json = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = sampleOf(field);
    if (value !== undefined) answers[name] = value;
  }
  return answers;
}

function sampleOf(field: unknown): unknown {
  if (!isRecord(field)) return undefined;
  if (Array.isArray(field.examples) && field.examples.length > 0) return field.examples[0];
  if (field.default !== undefined) return field.default;
  if (field.const !== undefined) return field.const;
  if (Array.isArray(field.enum) && field.enum.length > 0) return field.enum[0];
  const choices = Array.isArray(field.oneOf) ? field.oneOf : Array.isArray(field.anyOf) ? field.anyOf : undefined;
  const first = choices?.find((choice): choice is Json => isRecord(choice) && choice.const !== undefined);
  if (first) return first.const;
  if (field.type === 'boolean') return true;
  if (field.type === 'object') {
    const inner = sampleAnswers(field);
    return Object.keys(inner).length > 0 ? inner : undefined;
  }
  return undefined;
}

/**
 * A page's uiSchema without `ui:autofocus`: in the app a page's first field takes the focus, but a preview is a
 * picture inside the console, and choosing a page or a language there must leave the focus where the reviewer is.
 */
export function withoutAutofocus<T>(uiSchema: T): T {
  if (Array.isArray(uiSchema)) return uiSchema.map((item: unknown) => withoutAutofocus(item)) as T;
  if (uiSchema === null || typeof uiSchema !== 'object') return uiSchema;
  return Object.fromEntries(Object.entries(uiSchema).flatMap(([key, value]) => (key === 'ui:autofocus' ? [] : [[key, withoutAutofocus(value)]]))) as T;
}
