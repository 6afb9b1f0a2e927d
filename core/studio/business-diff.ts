import type { FlowConfig } from '../engine/flow-types';
import { textChanges } from './draft-changes';
import { type OptionCount, type StudioList, listPath } from './lists';
import { studioSettings } from './settings';
import { type ConfigFiles, type StudioText, structureOf } from './texts';

/**
 * Pure: what a draft changes against the release it started from, in the words an approver reads ("Option
 * 'Housewife' renamed 'Homemaker' in list 'occupation'", "Step 'Source of Funds' added after 'Tax Residency'", "Page
 * /personal-details › … reworded"), each with the open applications it touches. A change no sentence here describes
 * (a rule of a form, say) is still listed, by the file it is in, so nothing reaches applicants unseen.
 */

export type BusinessChangeKind =
  | 'optionAdded'
  | 'optionRenamed'
  | 'optionRetired'
  | 'optionsReordered'
  | 'stepAdded'
  | 'stepRemoved'
  | 'stepMoved'
  | 'textReworded'
  | 'settingChanged'
  | 'fileAdded'
  | 'fileRemoved'
  | 'fileChanged';

export interface BusinessChange {
  kind: BusinessChangeKind;
  /** What changed: a list's name, a step's title, where a text is shown, a setting's key, a file. */
  subject: string;
  before: string | null;
  after: string | null;
  /** A text applicants agree to (reworded): the approver checks it against the circular. */
  evidence: boolean;
  /** Languages reworded (a text's codes), else empty. */
  languages: string[];
  /** Applications whose answers chose the option concerned (options only). */
  chosen: number | null;
  /** Open applications the change touches. */
  open: number;
}

export interface BusinessDiffInput {
  base: { files: ConfigFiles; texts: readonly StudioText[]; lists: readonly StudioList[] };
  draft: { files: ConfigFiles; texts: readonly StudioText[]; lists: readonly StudioList[] };
  /** Per list and value: the applications that chose it. */
  counts: ReadonlyMap<string, ReadonlyMap<string, OptionCount>>;
  /** Open applications on the base release: the ones any change of it touches. */
  openOnBase: number;
}

const change = (kind: BusinessChangeKind, subject: string, rest: Partial<Omit<BusinessChange, 'kind' | 'subject'>> & { open: number }): BusinessChange => ({
  kind,
  subject,
  before: null,
  after: null,
  evidence: false,
  languages: [],
  chosen: null,
  ...rest,
});

function optionChanges(input: BusinessDiffInput, english: string): BusinessChange[] {
  const baseLists = new Map(input.base.lists.map((list) => [list.name, list]));
  return input.draft.lists.flatMap((list) => {
    const was = baseLists.get(list.name);
    if (!was) return [];
    const counts = input.counts.get(list.name);
    const count = (value: string) => ({ chosen: counts?.get(value)?.chosen ?? 0, open: counts?.get(value)?.open ?? 0 });
    const before = new Map(was.options.map((option) => [option.value, option.words[english] ?? option.value]));
    const now = new Set(list.options.map(({ value }) => value));
    const changes: BusinessChange[] = [];
    for (const option of list.options) {
      const label = option.words[english] ?? option.value;
      if (!before.has(option.value)) changes.push(change('optionAdded', list.name, { after: label, open: 0 }));
      else if (before.get(option.value) !== label) changes.push(change('optionRenamed', list.name, { before: before.get(option.value) ?? null, after: label, ...count(option.value) }));
    }
    for (const option of was.options) {
      if (!now.has(option.value)) changes.push(change('optionRetired', list.name, { before: option.words[english] ?? option.value, ...count(option.value) }));
    }
    const kept = (values: string[]) => values.filter((value) => now.has(value) && before.has(value)).join('\n');
    if (kept(was.options.map(({ value }) => value)) !== kept(list.options.map(({ value }) => value))) changes.push(change('optionsReordered', list.name, { open: 0 }));
    return changes;
  });
}

/** The steps of `b` that keep their order relative to each other from `a` (a longest common subsequence). */
function inOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const lengths = a.map(() => b.map(() => 0));
  const at = (i: number, j: number) => (i < 0 || j < 0 ? 0 : (lengths[i]?.[j] ?? 0));
  a.forEach((x, i) => b.forEach((y, j) => ((lengths[i] as number[])[j] = x === y ? at(i - 1, j - 1) + 1 : Math.max(at(i - 1, j), at(i, j - 1)))));
  const kept = new Set<string>();
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; ) {
    if (a[i] === b[j]) {
      kept.add(a[i] as string);
      i -= 1;
      j -= 1;
    } else if (at(i - 1, j) >= at(i, j - 1)) i -= 1;
    else j -= 1;
  }
  return kept;
}

const flowOf = (files: ConfigFiles) => JSON.parse(files['flow-config/flow.json'] ?? '{"steps":[]}') as FlowConfig;

function stepChanges(input: BusinessDiffInput): BusinessChange[] {
  const base = flowOf(input.base.files).steps;
  const draft = flowOf(input.draft.files).steps;
  const titles = new Map([...base, ...draft].map((step) => [step.id, step.title ?? step.id]));
  const baseIds = base.map(({ id }) => id);
  const draftIds = draft.map(({ id }) => id);
  const common = (ids: string[], other: string[]) => ids.filter((id) => other.includes(id));
  const kept = inOrder(common(baseIds, draftIds), common(draftIds, baseIds));
  const after = (index: number) => (index > 0 ? (titles.get(draftIds[index - 1] as string) ?? null) : null);
  const open = input.openOnBase;
  return [
    ...draftIds.flatMap((id, index) => {
      const title = titles.get(id) ?? id;
      if (!baseIds.includes(id)) return [change('stepAdded', title, { after: after(index), open })];
      return kept.has(id) ? [] : [change('stepMoved', title, { after: after(index), open })];
    }),
    ...baseIds.filter((id) => !draftIds.includes(id)).map((id) => change('stepRemoved', titles.get(id) ?? id, { open })),
  ];
}

function settingChanges(input: BusinessDiffInput): BusinessChange[] {
  const before = new Map(studioSettings(input.base.files).map(({ key, value }) => [key, JSON.stringify(value)]));
  const shown = (json: string | undefined) => (json === undefined ? null : json.replace(/^\[(.*)\]$/, '$1').replaceAll(',', ', '));
  return studioSettings(input.draft.files)
    .filter(({ key, value }) => before.get(key) !== JSON.stringify(value))
    .map(({ key, value }) => change('settingChanged', key, { before: shown(before.get(key)), after: shown(JSON.stringify(value)), open: input.openOnBase }));
}

type FlowShape = Record<string, unknown> & {
  steps?: { id: string }[];
  progress?: Record<string, unknown> & { groups?: { steps?: string[] }[] };
  review?: Record<string, unknown> & { rectification?: Record<string, unknown> };
};

/** flow.json without what step and setting changes say: its steps in both (`ids`) by id (in their groups too), its settings blanked. */
function flowRest(text: string, ids: ReadonlySet<string>): string {
  const flow = JSON.parse(text) as FlowShape;
  const steps = (flow.steps ?? []).filter(({ id }) => ids.has(id)).sort((a, b) => a.id.localeCompare(b.id));
  const review = flow.review ? { ...flow.review, rectificationDays: null, rectification: flow.review.rectification ? { ...flow.review.rectification, reminderDays: null } : undefined } : undefined;
  // A step added or removed joins or leaves its progress group: said by the step's change.
  const progress = flow.progress ? { ...flow.progress, groups: flow.progress.groups?.map((group) => ({ ...group, steps: group.steps?.filter((id) => ids.has(id)) })) } : undefined;
  return structureOf({ 'flow-config/flow.json': JSON.stringify({ ...flow, steps, progress, settings: null, review }) });
}

function fileChanges(input: BusinessDiffInput): BusinessChange[] {
  const { files: base } = input.base;
  const { files: draft } = input.draft;
  const listFiles = new Set(input.base.lists.map(({ name }) => listPath(name)));
  const paths = [...new Set([...Object.keys(base), ...Object.keys(draft)])].filter((path) => !path.startsWith('flow-config/languages/') && base[path] !== draft[path]).sort();
  const open = input.openOnBase;
  const draftSteps = new Set(flowOf(draft).steps.map(({ id }) => id));
  const bothSteps = new Set(flowOf(base).steps.map(({ id }) => id).filter((id) => draftSteps.has(id)));
  return paths.flatMap((path) => {
    const [was, now] = [base[path], draft[path]];
    if (was === undefined) return [change('fileAdded', path, { open })];
    if (now === undefined) return [change('fileRemoved', path, { open })];
    if (listFiles.has(path)) return [];
    const same = path === 'flow-config/flow.json' ? flowRest(was, bothSteps) === flowRest(now, bothSteps) : structureOf({ [path]: was }) === structureOf({ [path]: now });
    return same ? [] : [change('fileChanged', path, { open })];
  });
}

function textRewordings(input: BusinessDiffInput, english: string): BusinessChange[] {
  const byText = new Map<string, BusinessChange>();
  const existed = new Set(input.base.texts.map(({ id }) => id));
  for (const text of textChanges(input.base.texts, input.draft.texts)) {
    // A new text comes with the step or file it is in, said there: only the words of texts the base had are reworded.
    if (!existed.has(text.id)) continue;
    // An option added, retired or renamed in English is an option change, said above; its other languages' words too.
    const optionLabel = text.id.startsWith(encodeURIComponent('["lists/')) && text.id.includes(encodeURIComponent('"labels"'));
    if (optionLabel && (text.before === null || text.after === null || text.language === english)) continue;
    const found = byText.get(text.id) ?? change('textReworded', text.where, { evidence: text.evidence, open: input.openOnBase });
    found.languages.push(text.language);
    if (text.language === english) Object.assign(found, { before: text.before, after: text.after });
    byText.set(text.id, found);
  }
  return [...byText.values()];
}

/** Every change of the draft against its base, in business terms: options, steps, settings, texts, then other files. */
export function businessDiff(input: BusinessDiffInput, english: string): BusinessChange[] {
  return [...stepChanges(input), ...optionChanges(input, english), ...settingChanges(input), ...textRewordings(input, english), ...fileChanges(input)];
}
