import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StudioDraft, StudioDraftView, StudioListsView, StudioTextList } from '../../../core/api/types';
import { parseCsv, toCsv } from '../../../core/studio/csv';
import { textChanges, translationIssues } from '../../../core/studio/draft-changes';
import { businessDiff } from '../../../core/studio/business-diff';
import { type NewStep, type StepTemplateTexts, withNewStep, withStepMoved } from '../../../core/studio/new-step';
import { type OptionCount, type OptionEdit, type StudioList, listPath, optionCounts, stepsAskingLists, studioLists, withListOptions } from '../../../core/studio/lists';
import { type SettingKey, type SettingValue, studioSettings, withSetting } from '../../../core/studio/settings';
import { type ConfigFiles, type StudioText, languagesOf, structureOf, studioTexts, textLocations, withWords } from '../../../core/studio/texts';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { type TextTable, messageText } from '../../../core/engine/message-codes';
import { ConfigError } from '../../config/load-config';
import type { ConfigDraftRow, Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { loadConfigFiles } from '../config-from-files';
import { newestRelease, releaseHashAndFiles } from '../repository';
import { ReleaseRefused, makeRelease } from '../service';
import { snapshotHash } from '../snapshot';
import { reviewerTime } from '../../../core/engine/reviewer-time';
import { type DraftStatus, answersOfSteps, claimDraft, draftEvents, dueDrafts, findDraft, insertDraft, listDrafts, openOnRelease, recordDraftEvent, releaseOfHash, scheduledBy, updateDraft } from './repository';

/**
 * The config studio's drafts (issue 31): each holds the files it changes against the release it started from; every
 * change is checked as `check:config` checks the files; a draft is proposed by an editor and published as the next
 * release by an approver who is not its author. Every action goes into the draft's history.
 */

export interface StudioDeps {
  db: Kysely<Database>;
  /** Strictly increasing: the history's order is exact. */
  stamp: () => number;
  /** The app's clock: what a time set to publish at is compared with. */
  now: () => number;
  /** SMS_VENDOR and NODE_ENV=production: a draft is checked as the server would check it at start. */
  checkOptions: { smsVendor?: string | undefined; production: boolean };
  /** The history's words for an approval to publish at `when` (the console's own, so its history reads as it does). */
  scheduledNote: (when: string) => string;
}

interface Checked {
  problems: string[];
  flow: FlowConfig | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * How long an instance's claim to publish a draft holds ('publishing'): far above a publish's few seconds, so a draft
 * is taken over only from an instance that stopped between its claim and the release.
 */
export const publishLeaseMs = 5 * 60 * 1000;

function summary(row: ConfigDraftRow): StudioDraft {
  return {
    // Once claimed ('publishing') it is no longer waiting for its time: the console says 'Publishing'.
    publishAt: row.status === 'scheduled' && row.publish_at !== null ? iso(row.publish_at) : null,
    id: row.id,
    author: row.author,
    purpose: row.purpose,
    baseRelease: row.base_release,
    status: row.status,
    version: row.version,
    publishedRelease: row.published_release,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A draft's changes: each file it adds or changes with its text, each it removes as null. */
type FileChanges = Readonly<Record<string, string | null>>;
const changesOf = (row: ConfigDraftRow): FileChanges => JSON.parse(row.changes) as FileChanges;

/** The files that differ from the base: what a draft stores. */
export function changedFiles(base: ConfigFiles, files: ConfigFiles): FileChanges {
  return {
    ...Object.fromEntries(Object.entries(files).filter(([path, text]) => base[path] !== text)),
    ...Object.fromEntries(Object.keys(base).filter((path) => !(path in files)).map((path) => [path, null])),
  };
}

/** The base's files with a draft's changes. */
export function withChanges(base: ConfigFiles, changes: FileChanges): ConfigFiles {
  const files: Record<string, string> = { ...base };
  for (const [path, text] of Object.entries(changes)) {
    if (text === null) delete files[path];
    else files[path] = text;
  }
  return files;
}

/** The words the studio writes into a new step, by language, from the draft's own messages (so they are edited as texts). */
function templateTexts(files: ConfigFiles): StepTemplateTexts {
  const { default: english, languages } = languagesOf(files);
  const texts: StepTemplateTexts = { required: {}, submit: {}, fileChoose: {}, fileTooLarge: {} };
  const keys = { required: 'newStepRequired', submit: 'newStepSubmit', fileChoose: 'newStepFileChoose', fileTooLarge: 'newStepFileTooLarge' } as const;
  for (const { code } of languages) {
    const messages = JSON.parse(files[code === english ? 'flow-config/messages.json' : `flow-config/languages/${code}/messages.json`] ?? '{}') as { studio?: Record<string, string> };
    for (const [text, key] of Object.entries(keys) as [keyof StepTemplateTexts, string][]) {
      const words = messages.studio?.[key];
      if (words) texts[text][code] = words;
    }
  }
  return texts;
}

/** The journey's steps in order, by id and title: what the studio's step order shows. */
function journeySteps(files: ConfigFiles): { id: string; title: string }[] {
  const flow = JSON.parse(files['flow-config/flow.json'] ?? '{"steps":[]}') as FlowConfig;
  return flow.steps.filter((step) => step.journey).map((step) => ({ id: step.id, title: step.title }));
}

// Codes of the texts above, named here so the config check knows them used: 'studio.newStepRequired',
// 'studio.newStepSubmit', 'studio.newStepFileChoose', 'studio.newStepFileTooLarge'.
export function createStudio(deps: StudioDeps) {
  const { db } = deps;
  // Releases never change: each one's files and texts are read once per process.
  const releases = new Map<number, Promise<{ files: ConfigFiles; texts: StudioText[]; lists: StudioList[] }>>();
  // A draft's version never changes either: its check is run once (the latest version's is kept, per draft).
  const checks = new Map<string, { version: number; checked: Checked }>();

  const release = (number: number) => {
    let found = releases.get(number);
    if (!found) {
      found = releaseHashAndFiles(db, number).then((row) => {
        if (!row) throw new Error(`config release ${number} is not in the database`);
        const files = row.files();
        return { files, texts: studioTexts(files), lists: studioLists(files) };
      });
      found.catch(() => releases.delete(number));
      releases.set(number, found);
    }
    return found;
  };

  const draftOr404 = async (id: string) => {
    const row = await findDraft(db, id);
    if (!row) throw new ApiError(404, 'studio.draftNotFound');
    return row;
  };

  const filesOf = async (row: ConfigDraftRow): Promise<ConfigFiles> => withChanges((await release(row.base_release)).files, changesOf(row));

  const check = (row: ConfigDraftRow, files: ConfigFiles): Checked => {
    let checked = checks.get(row.id)?.version === row.version ? checks.get(row.id)?.checked : undefined;
    if (!checked) {
      try {
        checked = { problems: [], flow: loadConfigFiles(files, (config) => config.flow, deps.checkOptions) };
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        checked = { problems: error.problems, flow: undefined };
      }
      checks.set(row.id, { version: row.version, checked });
    }
    return checked;
  };

  /**
   * Each finding at the text it concerns, when it names one: in its file, at its place as translations' messages
   * write it, or else the text of that file whose every name (route, question, key) the message mentions, the most
   * specific first.
   */
  const findingsOf = (problems: readonly string[], texts: readonly StudioText[], files: ConfigFiles): StudioDraftView['findings'] => {
    let locations: { text: StudioText; at: ReturnType<typeof textLocations> }[] | undefined;
    const languageNames = new Map(languagesOf(files).languages.map(({ code, name }) => [code, name]));
    return problems.map((problem) => {
      locations ??= texts.map((text) => ({ text, at: textLocations(files, text.id) }));
      let best: { text: StudioText; score: number; said: string } | undefined;
      for (const { text: candidate, at } of locations) {
        for (const { file, place, names } of at) {
          if (!problem.startsWith(`${file}:`)) continue;
          const said = problem.slice(file.length + 1).trim();
          const atPlace = said.includes(place);
          const score = atPlace ? Number.MAX_SAFE_INTEGER : names.length > 0 && names.every((name) => said.includes(name)) ? names.length : 0;
          if (score <= (best?.score ?? 0)) continue;
          // Shown at the text itself: its file and place go (the text names them), its language stays.
          const language = languageNames.get(/^flow-config\/languages\/([^/]+)\//.exec(file)?.[1] ?? '');
          const words = atPlace ? said.replace(` at ${place}`, '') : said;
          best = { text: candidate, score, said: `${language ? `${language}: ` : ''}${words.charAt(0).toUpperCase()}${words.slice(1)}` };
        }
      }
      return { textId: best?.text.id ?? null, where: best?.text.where ?? null, problem, said: best?.said ?? problem };
    });
  };

  /** Per list and value, the applications whose stored answers chose it (read only when `lists` is not empty). */
  const countsOf = async (lists: readonly StudioList[]) => {
    if (lists.length === 0) return new Map<string, Map<string, OptionCount>>();
    const answers = await answersOfSteps(db, stepsAskingLists(lists));
    return optionCounts(
      lists,
      answers.map((answer) => ({ ...answer, data: JSON.parse(answer.data) as unknown })),
    );
  };

  const view = async (row: ConfigDraftRow): Promise<StudioDraftView> => {
    const base = await release(row.base_release);
    const files = await filesOf(row);
    const texts = studioTexts(files);
    const lists = studioLists(files);
    const { default: english, languages } = languagesOf(files);
    const [history, openOnBase, counts] = await Promise.all([
      draftEvents(db, row.id),
      openOnRelease(db, row.base_release),
      countsOf(base.lists.filter(({ name }) => files[listPath(name)] !== base.files[listPath(name)])),
    ]);
    return {
      diff: businessDiff({ base, draft: { files, texts, lists }, counts, openOnBase }, english),
      release: { wordingOnly: structureOf(files) === structureOf(base.files), openOnBase },
      settings: studioSettings(files),
      steps: journeySteps(files),
      draft: summary(row),
      languages: languages.map(({ code, name }) => ({ code, name, default: code === english })),
      changes: textChanges(base.texts, texts),
      translations: translationIssues(base.texts, texts, english),
      findings: findingsOf(check(row, files).problems, texts, files),
      history: history.map((event) => ({ at: iso(event.at), actor: event.actor, action: event.action, note: event.note })),
    };
  };

  const record = (draftId: string, actor: string, action: string, note: string | null) => recordDraftEvent(db, { draftId, at: deps.stamp(), actor, action, note });

  /** Moves the draft on from the version the caller saw; 409 when another change came first. */
  const advance = async (row: ConfigDraftRow, version: number, change: Parameters<typeof updateDraft>[3]) => {
    if (version !== row.version || !(await updateDraft(db, row.id, version, change, deps.stamp()))) throw new ApiError(409, 'studio.draftChanged');
  };

  /** Saves `files` as the draft's next version (409 when another change came first) and records the edit. */
  const saveEdit = async (row: ConfigDraftRow, version: number, files: ConfigFiles, actor: string, note: string): Promise<StudioDraftView> => {
    await advance(row, version, { changes: JSON.stringify(changedFiles((await release(row.base_release)).files, files)) });
    await record(row.id, actor, 'edited', note);
    return view(await draftOr404(row.id));
  };

  const requireStatus = (row: ConfigDraftRow, status: DraftStatus) => {
    if (row.status !== status) throw new ApiError(409, status === 'editing' ? 'studio.notEditing' : 'studio.notProposed');
  };

  /** The checks a draft passes to be published now: its base still the newest release, no finding, evidence translated. */
  const publishable = async (row: ConfigDraftRow): Promise<{ files: ConfigFiles; flow: FlowConfig }> => {
    const newest = await newestRelease(db);
    if (newest?.number !== row.base_release) throw new ApiError(409, 'studio.baseMoved', { number: newest?.number ?? 0 });
    const files = await filesOf(row);
    const checked = check(row, files);
    if (checked.problems.length > 0 || !checked.flow) throw new ApiError(409, 'studio.hasProblems');
    const base = await release(row.base_release);
    const { default: english } = languagesOf(files);
    if (translationIssues(base.texts, studioTexts(files), english).some((issue) => issue.evidence)) throw new ApiError(409, 'studio.evidenceTranslation');
    return { files, flow: checked.flow };
  };

  /** The draft's files as a release stores them (in path order), with their hash. */
  const snapshotOf = (files: ConfigFiles) => {
    const sorted = Object.fromEntries(Object.keys(files).sort().map((path) => [path, files[path] as string]));
    return { files: sorted, hash: snapshotHash(sorted) };
  };

  /** Marks the draft (at `version`) published as release `number` by `actor`, recorded with `note`. */
  const published = async (row: ConfigDraftRow, version: number, number: number, actor: string, note: string): Promise<number> => {
    await advance(row, version, { status: 'published', published_release: number, publish_at: null, claimed_at: null });
    await record(row.id, actor, 'published', note ? `release ${number}: ${note}` : `release ${number}`);
    return number;
  };

  /** Publishes the draft (at `version`) as the next release by `actor`, recorded with `note`; returns the release's number. */
  const publish = async (row: ConfigDraftRow, version: number, actor: string, note: string): Promise<number> => {
    const { files, flow } = await publishable(row);
    if (version !== row.version) throw new ApiError(409, 'studio.draftChanged');
    let made;
    try {
      made = await makeRelease(db, snapshotOf(files), actor, deps.stamp(), { flow });
    } catch (error) {
      if (error instanceof ReleaseRefused) throw new ApiError(409, 'studio.strands', { count: error.stranded.reduce((sum, { applications }) => sum + applications.length, 0) });
      throw error;
    }
    return published(row, version, made.release.number, actor, note);
  };

  return {
    async list(): Promise<StudioDraft[]> {
      return (await listDrafts(db)).map((row) => summary(row));
    },

    async create(actor: string, purpose: string): Promise<StudioDraftView> {
      const newest = await newestRelease(db);
      if (!newest) throw new ApiError(409, 'studio.noRelease');
      const now = deps.stamp();
      const id = randomUUID();
      await insertDraft(db, { id, author: actor, purpose, base_release: newest.number, created_at: now, updated_at: now });
      await record(id, actor, 'created', purpose);
      return view((await findDraft(db, id)) as ConfigDraftRow);
    },

    async get(id: string): Promise<StudioDraftView> {
      return view(await draftOr404(id));
    },

    /** The draft's files as they stand (the base release's with its changes), with its version: what a preview shows. */
    async files(id: string): Promise<{ version: number; files: ConfigFiles }> {
      const row = await draftOr404(id);
      return { version: row.version, files: await filesOf(row) };
    },

    /** The draft's texts whose place or words contain `query` (any language, any case), the first `limit` of them. */
    async texts(id: string, query: string, limit: number): Promise<StudioTextList> {
      const texts = studioTexts(await filesOf(await draftOr404(id)));
      const needle = query.trim().toLocaleLowerCase();
      const matching = needle ? texts.filter((text) => [text.where, ...Object.values(text.words)].some((words) => words?.toLocaleLowerCase().includes(needle))) : texts;
      return { texts: matching.slice(0, limit).map(({ id: textId, where, evidence, words }) => ({ id: textId, where, evidence, words })), total: matching.length };
    },

    async editWords(actor: string, id: string, edit: { textId: string; language: string; words: string; version: number }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const files = await filesOf(row);
      const edited = withWords(files, edit.textId, edit.language, edit.words);
      if ('refused' in edited) {
        throw edited.refused === 'unknownText' ? new ApiError(404, 'studio.textNotFound') : new ApiError(400, edited.refused === 'unknownLanguage' ? 'studio.languageNotFound' : 'studio.notEditable');
      }
      const where = studioTexts(edited.files).find((text) => text.id === edit.textId)?.where ?? edit.textId;
      const language = languagesOf(edited.files).languages.find(({ code }) => code === edit.language)?.name ?? edit.language;
      return saveEdit(row, edit.version, edited.files, actor, `${where} (${language})`);
    },

    /** A file for translators: each text's id, where it is shown, whether it is evidence, its words and `language`'s. */
    async translationsFile(id: string, language: string): Promise<{ name: string; csv: string }> {
      const row = await draftOr404(id);
      const files = await filesOf(row);
      const { default: english, languages } = languagesOf(files);
      const names = new Map(languages.map(({ code, name }) => [code, name]));
      if (language === english || !names.has(language)) throw new ApiError(400, 'studio.csvLanguage');
      const rows = studioTexts(files).map((text) => [text.id, text.where, text.evidence ? 'yes' : '', text.words[english] ?? '', text.words[language] ?? '']);
      return { name: `translations-${language}-${row.id.slice(0, 8)}-v${row.version}.csv`, csv: toCsv([['id', 'where', 'evidence', names.get(english) ?? english, names.get(language) ?? language], ...rows]) };
    },

    /**
     * A translator's file back: every line whose words differ from the draft's is saved, in one change. Refused whole
     * when a line translates English that has changed since the file was made, or names no text; blank words are left
     * as they were (not translated yet).
     */
    async importTranslations(actor: string, id: string, edit: { language: string; version: number; csv: string }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const files = await filesOf(row);
      const { default: english, languages } = languagesOf(files);
      const languageName = languages.find(({ code }) => code === edit.language)?.name;
      if (edit.language === english || !languageName) throw new ApiError(400, 'studio.csvLanguage');
      const lines = parseCsv(edit.csv);
      if (!lines || lines[0]?.[0] !== 'id' || lines.some((line) => line.length < 5)) throw new ApiError(400, 'studio.csvUnreadable');
      const texts = new Map(studioTexts(files).map((text) => [text.id, text]));
      let stale = 0;
      const changed: { textId: string; words: string }[] = [];
      lines.slice(1).forEach(([textId = '', , , englishWords, words = ''], index) => {
        const text = texts.get(textId);
        if (!text) throw new ApiError(400, 'studio.csvUnknownText', { line: index + 2 });
        if (text.words[english] !== englishWords) stale += 1;
        else if (words.trim() !== '' && words !== text.words[edit.language]) changed.push({ textId, words });
      });
      if (stale > 0) throw new ApiError(409, 'studio.csvStale', { count: stale });
      if (changed.length === 0) return view(row);
      let next = files;
      for (const { textId, words } of changed) {
        const edited = withWords(next, textId, edit.language, words);
        if ('refused' in edited) throw new ApiError(400, 'studio.notEditable');
        next = edited.files;
      }
      return saveEdit(row, edit.version, next, actor, `${changed.length} text(s) from a file for translators (${languageName})`);
    },

    /** The draft's lists, each option with its words and the applications that chose it; options it retires last. */
    async lists(id: string): Promise<StudioListsView> {
      const row = await draftOr404(id);
      const files = await filesOf(row);
      const base = await release(row.base_release);
      const lists = studioLists(files);
      const counts = await countsOf(lists);
      const baseLists = new Map(base.lists.map((list) => [list.name, list]));
      return {
        lists: lists.map((list) => {
          const was = new Set(baseLists.get(list.name)?.options.map(({ value }) => value));
          const now = new Set(list.options.map(({ value }) => value));
          const count = (value: string) => counts.get(list.name)?.get(value) ?? { chosen: 0, open: 0 };
          const retired = baseLists.get(list.name)?.options.filter(({ value }) => !now.has(value)) ?? [];
          return {
            name: list.name,
            questions: list.uses.map(({ form, path }) => `Form '${form}' › question '${path.filter((part) => part !== '[]').join(' › ')}'`),
            options: [
              ...list.options.map((option) => ({ ...option, ...count(option.value), status: was.has(option.value) ? 'kept' : 'added' })),
              ...retired.map((option) => ({ ...option, ...count(option.value), status: 'retired' })),
            ],
          };
        }),
      };
    },

    /** A list's options made `options`, in that order: added, reworded, reordered or retired (left out). */
    async editList(actor: string, id: string, name: string, edit: { version: number; options: OptionEdit[] }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const edited = withListOptions(await filesOf(row), name, edit.options);
      if ('refused' in edited) {
        const { refused } = edited;
        if (refused === 'unknownList') throw new ApiError(404, 'studio.listNotFound');
        const codes = { badValue: 'studio.badValue', duplicateValue: 'studio.duplicateValue', noWords: 'studio.noWords', unknownLanguage: 'studio.languageNotFound' } as const;
        throw new ApiError(400, codes[refused]);
      }
      return saveEdit(row, edit.version, edited.files, actor, `List '${name}'`);
    },

    /** One setting of flow.json given a new value; the config check holds it to its limits. */
    async editSetting(actor: string, id: string, edit: { version: number; key: SettingKey; value: SettingValue }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const edited = withSetting(await filesOf(row), edit.key, edit.value);
      if (!edited) throw new ApiError(400, 'studio.settingNotHeld');
      return saveEdit(row, edit.version, edited, actor, `Setting ${edit.key}: ${Array.isArray(edit.value) ? edit.value.join(', ') : edit.value}`);
    },

    /** A new form step from the template, after step `after` (see core/studio/new-step.ts). */
    async addStep(actor: string, id: string, edit: NewStep & { version: number }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const files = await filesOf(row);
      const made = withNewStep(files, edit, templateTexts(files));
      if ('refused' in made) {
        const { refused } = made;
        if (refused === 'unknownStep') throw new ApiError(404, 'studio.stepNotFound');
        const codes = { noWords: 'studio.noWords', noAddress: 'studio.stepAddress', stepExists: 'studio.stepExists', noOptions: 'studio.noOptions' } as const;
        throw new ApiError(refused === 'stepExists' ? 409 : 400, codes[refused]);
      }
      return saveEdit(row, edit.version, made.files, actor, `Step '${edit.title[languagesOf(files).default] ?? made.id}' (${made.route})`);
    },

    /** A step moved to right after another; the config check holds the order to its rules. */
    async moveStep(actor: string, id: string, edit: { version: number; step: string; after: string }): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      const moved = withStepMoved(await filesOf(row), edit.step, edit.after);
      if (!moved) throw new ApiError(404, 'studio.stepNotFound');
      return saveEdit(row, edit.version, moved, actor, `Step ${edit.step} moved after ${edit.after}`);
    },

    async propose(actor: string, id: string, version: number, note: string): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'editing');
      if (Object.keys(changesOf(row)).length === 0) throw new ApiError(409, 'studio.nothingChanged');
      if (check(row, await filesOf(row)).problems.length > 0) throw new ApiError(409, 'studio.hasProblems');
      await advance(row, version, { status: 'proposed' });
      await record(id, actor, 'proposed', note);
      return view(await draftOr404(id));
    },

    async sendBack(actor: string, id: string, version: number, note: string): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'proposed');
      await advance(row, version, { status: 'editing', publish_at: null });
      await record(id, actor, 'returned', note);
      return view(await draftOr404(id));
    },

    /**
     * Approves a proposed draft: by someone other than its author, with no finding of the check, every evidence text
     * translated and up to date, and its base still the newest release (a draft begun before another release would undo
     * that release's changes: it is refused, to be made again from the newest). It publishes as the next release at
     * once, or, given `at`, at that time (publishDue), when the same conditions are checked again.
     */
    async approve(actor: string, id: string, version: number, note: string, at?: number): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      requireStatus(row, 'proposed');
      if (row.author === actor) throw new ApiError(403, 'studio.ownDraft');
      if (at === undefined) {
        await publish(row, version, actor, note);
        return view(await draftOr404(id));
      }
      if (at <= deps.now()) throw new ApiError(400, 'studio.scheduleInPast');
      await publishable(row);
      await advance(row, version, { status: 'scheduled', publish_at: at });
      // For people, never read back: the time as the console shows it, then the approver's note.
      const said = deps.scheduledNote(reviewerTime(at));
      await record(id, actor, 'scheduled', note ? `${said}: ${note}` : said);
      return view(await draftOr404(id));
    },

    /** An approver takes back a draft's publishing at a set time: it waits for approval again. */
    async cancelSchedule(actor: string, id: string, version: number, note: string): Promise<StudioDraftView> {
      const row = await draftOr404(id);
      if (row.status !== 'scheduled') throw new ApiError(409, 'studio.notScheduled');
      await advance(row, version, { status: 'proposed', publish_at: null });
      await record(id, actor, 'unscheduled', note || null);
      return view(await draftOr404(id));
    },

    /**
     * Publishes every draft whose time has come, as its approver would have at that moment. Each is first claimed by a
     * conditional update (scheduled → publishing at the version read): with several instances on one database, exactly
     * one publishes it. The claim is a lease: a draft left 'publishing' longer than publishLeaseMs (its instance stopped)
     * is claimed again the same way; if its release was made before the stop (a release of its very files after its
     * base), the draft is marked published as that release, never published twice. One that can no longer be
     * published goes back to waiting for approval, the reason in its history. Returns the releases made.
     */
    async publishDue(): Promise<number[]> {
      const now = deps.now();
      const made: number[] = [];
      for (const row of await dueDrafts(db, now, publishLeaseMs)) {
        if (!(await claimDraft(db, row, now, publishLeaseMs, deps.stamp()))) continue;
        const claimed = (await findDraft(db, row.id)) as ConfigDraftRow;
        const actor = (await scheduledBy(db, row.id)) ?? 'unrecorded approver';
        try {
          const earlier = row.status === 'publishing' ? await releaseOfHash(db, snapshotOf(await filesOf(claimed)).hash, claimed.base_release) : undefined;
          made.push(
            earlier
              ? await published(claimed, claimed.version, earlier.number, earlier.createdBy, 'at the time set, taken over from an instance that stopped')
              : await publish(claimed, claimed.version, actor, 'at the time set'),
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const messages = JSON.parse((await filesOf(claimed))['flow-config/messages.json'] ?? '{}') as TextTable;
          await advance(claimed, claimed.version, { status: 'proposed', publish_at: null, claimed_at: null });
          await record(row.id, actor, 'publishFailed', messageText(messages, error.code, error.values));
        }
      }
      return made;
    },
  };
}

export type Studio = ReturnType<typeof createStudio>;
