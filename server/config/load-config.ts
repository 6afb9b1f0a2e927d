import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { OpsConfig } from '../../core/api/generated/schema-types';
import type { ConfigBundle, Messages, PagesFile } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { PrivacyConfig } from '../../core/engine/privacy';
import { checkConfigMeaning } from '../../core/engine/config-check';
import type { JsonSchemaObject } from '../../core/engine/form-catalog';
import { configCatalog } from '../../core/catalog/catalog';
import { inlineListProblems, listCopyProblems, ruleValueProblems } from '../validation/list-checks';
import { messageCopyProblems, type RawSchemaFile } from '../validation/message-checks';
import { messageCodeProblems } from '../validation/message-code-check';
import { schemaKeywordProblems } from '../validation/keyword-checks';
import { saveBindings } from '../../core/engine/save-bindings';
import { unreadSettingProblems } from '../validation/setting-checks';
import { schemaUploadProblems, uploadsConfigProblems } from '../validation/upload-checks';
import type { UploadsConfig } from '../../core/engine/upload-limits';
import { settingsOf } from '../../core/engine/settings';
import type { SchemaSettings } from '../validation/schema-refs';
import { createStepAjv, loadStepSchemas, STEP_SCHEMA_DIR } from '../validation/step-schemas';
import { brandFileProblems, productionBrandProblems } from './brand-check';
import { opsConfigProblems } from './ops-config-check';
import { configDir, repoRoot } from './config-dirs';
import { folderFingerprint } from './folder-fingerprint';
import { keptByKey } from '../platform/kept-by-key';
import { loadTranslations, type Translations, textFiles } from './languages';
import { type SmsConfigFile, type SmsTemplateIds, smsTemplateProblems } from './sms-templates';
import { translated } from '../../core/engine/translations';
import { kraRuleMessages, kraRuleProblems } from '../../core/engine/kra-rules';
import { isMessageCode, type TextTable } from '../../core/engine/message-codes';
import { evidenceProblems } from '../../core/engine/evidence-texts';
import { familyRelationProblems } from '../../core/engine/contact-rules';

/** flow.json `kra`: rules that work, on the step that checks the PAN, refusing with texts messages.json has. */
function kraConfigProblems(bundle: ConfigBundle): string[] {
  const panStep = bundle.flow.steps.find((step) => (step.api ?? []).some((api) => (typeof api === 'string' ? api : api.route) === 'POST /user/pan-number'));
  if (!panStep) return bundle.flow.kra ? ['flow-config/flow.json: kra: no step checks the PAN (POST /user/pan-number)'] : [];
  const unknown = kraRuleMessages(bundle.flow).filter((code) => !isMessageCode(bundle.messages as unknown as TextTable, code));
  return [...kraRuleProblems(bundle.flow, panStep.id), ...unknown.map((code) => `flow-config/flow.json: kra: '${code}' is not a text of flow-config/messages.json`)];
}

export { repoRoot };
/** flow-config/, or ONBOARD_CONFIG_DIR. */
export const defaultConfigDir = configDir;
const schemaDir = join(repoRoot, 'schemas');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`flow-config has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  }
}

export interface LoadConfigOptions {
  /** schemas/step-data folder that form pages name; default the repository's. */
  stepSchemasDir?: string;
  /** SMS_VENDOR: when set, every SMS text must carry the template ids that vendor sends (flow-config/sms.json). */
  smsVendor?: string | undefined;
  /** NODE_ENV=production: the links and the broker's ids must not be the shipped examples (brand-check.ts). */
  production?: boolean;
}

function readJson(path: string, problems: string[], label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message}`);
    return undefined;
  }
}

// Compiled once per process: the server builds many apps in tests, and these schemas never change under it.
const metaAjv = new Ajv({ allErrors: true, strict: false });
const metaValidators = new Map<string, ValidateFunction>();

function metaValidator(name: string): ValidateFunction {
  let validate = metaValidators.get(name);
  if (!validate) {
    validate = metaAjv.compile(JSON.parse(readFileSync(join(schemaDir, name), 'utf8')) as object);
    metaValidators.set(name, validate);
  }
  return validate;
}

/** 'must be boolean', "must NOT have additional properties 'x'"; if/then/else only repeats its branch's errors. */
function describeError(e: ErrorObject): string | undefined {
  if (e.keyword === 'if') return undefined;
  const extra = e.keyword === 'additionalProperties' ? ` '${String(e.params.additionalProperty)}'` : '';
  return `${e.message ?? 'is invalid'}${extra}`;
}

/** JSON pointer of a pages file, told the way an editor thinks of it: '/pages/~1verify-pan/form' → 'page /verify-pan: /form'. */
function describePath(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (parts[0] === 'pages' && parts[1] !== undefined) {
    const rest = parts.slice(2).map((part) => `/${part}`).join('');
    return `page ${parts[1]}:${rest ? ` ${rest}` : ''}`;
  }
  return pointer || '(top level)';
}

function checkShape(validate: ValidateFunction, data: unknown, label: string, problems: string[]): boolean {
  if (validate(data)) return true;
  for (const e of validate.errors ?? []) {
    const text = describeError(e);
    if (text) problems.push(`${label}: ${describePath(e.instancePath)} ${text}`);
  }
  return false;
}

const optionsAjv = new Ajv({ allErrors: true, strict: false });
const optionsValidators = new WeakMap<JsonSchemaObject, ValidateFunction>();

/** Checks a value against a JSON Schema (widget ui:options, screen options) with messages like 'min must match ...'. */
function checkAgainst(schema: JsonSchemaObject, value: unknown): string[] {
  let validate = optionsValidators.get(schema);
  if (!validate) {
    validate = optionsAjv.compile(schema);
    optionsValidators.set(schema, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).flatMap((e) => {
    const text = describeError(e);
    const path = e.instancePath.slice(1).replaceAll('/', '.');
    return text ? [path ? `${path} ${text}` : text] : [];
  });
}

/** schemas/lists/*.json as written, for the copy check. */
function listFiles(dir: string, problems: string[]): { label: string; list: unknown }[] {
  const lists = join(dir, '..', 'lists');
  let names: string[] = [];
  try {
    names = readdirSync(lists).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const label = (name: string) => relative(join(dir, '..', '..'), join(lists, name));
  return names.map((name) => ({ label: label(name), list: readJson(join(lists, name), problems, label(name)) }));
}

/** Step-data schemas by id, each compiled on its own so one broken file is named without hiding the others. */
function stepSchemas(dir: string, settings: SchemaSettings, problems: string[]) {
  const schemas: Record<string, JsonSchemaObject> = {};
  const raws: Record<string, JsonSchemaObject> = {};
  const brokenSchemas: Record<string, string> = {};
  const written: RawSchemaFile[] = [];
  try {
    const ajv = createStepAjv(); // one instance: each file has its own $id, and a fresh one per file costs ~3x
    for (const { id, file, schema, raw } of loadStepSchemas(dir, settings)) {
      raws[id] = raw as JsonSchemaObject;
      const label = relative(join(dir, '..', '..'), file);
      written.push({ label, raw });
      problems.push(...inlineListProblems(raw, label), ...ruleValueProblems(raw, schema, label));
      try {
        ajv.compile(schema);
        schemas[id] = schema as JsonSchemaObject;
      } catch (error) {
        brokenSchemas[id] = (error as Error).message;
      }
    }
  } catch (error) {
    problems.push((error as Error).message);
  }
  // Every list and message written once: a second copy would drift.
  problems.push(...messageCopyProblems(written), ...listCopyProblems(listFiles(dir, problems)), ...schemaKeywordProblems(written));
  return { schemas, raws, brokenSchemas, written };
}

/** The applicant's config, and the back-office console's (flow-config/ops.json), which the applicant's app never loads. */
export interface LoadedConfig extends ConfigBundle {
  ops: OpsConfig;
  /** flow-config/languages.json and each other language's texts (flow-config/languages/<code>/). */
  translations: Translations;
  /** flow-config/sms.json and its translations: each SMS text's registered template ids, by language code. */
  smsTemplates: Record<string, Record<string, SmsTemplateIds>>;
}

// Checked configs by their folders, options and content: tests build hundreds of apps on the same config, each
// check takes ~150 ms (far more on a busy machine), and a folder's content decides the result. An edited copy,
// or a file edited in place, hashes differently and is checked afresh. A few kept: the config-edits run and tests
// that edit config use several in turn.
const checkedConfigs = keptByKey<LoadedConfig>(8);

/**
 * Loads flow-config/ and checks it in two layers: the meta-schemas, then meaning. Throws ConfigError. Folders read
 * before with the same content give the same result without a second check: a copy of its own to each caller.
 */
export function loadConfig(dir: string = defaultConfigDir, options: LoadConfigOptions = {}): LoadedConfig {
  const stepSchemasDir = resolve(options.stepSchemasDir ?? STEP_SCHEMA_DIR);
  // The step schemas' folder and its siblings (lists/), which their $refs reach.
  const content = folderFingerprint([resolve(dir), join(stepSchemasDir, '..')]);
  if (content === undefined) return checkedConfig(dir, options);
  const key = JSON.stringify([resolve(dir), stepSchemasDir, options.smsVendor?.trim() ?? '', options.production === true, content]);
  return structuredClone(checkedConfigs(key, () => checkedConfig(dir, options)));
}

function checkedConfig(dir: string, options: LoadConfigOptions): LoadedConfig {
  const problems: string[] = [];
  const label = (path: string) => relative(join(dir, '..'), path) || path;
  const flowPath = join(dir, 'flow.json');
  const flow = readJson(flowPath, problems, label(flowPath));
  const flowOk = flow !== undefined && checkShape(metaValidator('flow-config.schema.json'), flow, label(flowPath), problems);
  const messagesPath = join(dir, 'messages.json');
  const messages = readJson(messagesPath, problems, label(messagesPath));
  if (messages !== undefined) checkShape(metaValidator('messages.schema.json'), messages, label(messagesPath), problems);
  const privacyPath = join(dir, 'privacy.json');
  const privacy = readJson(privacyPath, problems, label(privacyPath));
  if (privacy !== undefined) checkShape(metaValidator('privacy-config.schema.json'), privacy, label(privacyPath), problems);
  const pagesValidator = metaValidator('pages-config.schema.json');
  const pageFiles: Record<string, PagesFile> = {};
  let pagesDir: string[] = [];
  try {
    pagesDir = readdirSync(join(dir, 'pages')).filter((name) => name.endsWith('.json')).sort();
  } catch {
    problems.push(`${label(join(dir, 'pages'))}: folder is missing`);
  }
  for (const name of pagesDir) {
    const path = join(dir, 'pages', name);
    const content = readJson(path, problems, label(path));
    if (content !== undefined && checkShape(pagesValidator, content, label(path), problems)) {
      pageFiles[label(path)] = content as PagesFile;
    }
  }
  const opsPath = join(dir, 'ops.json');
  const ops = readJson(opsPath, problems, label(opsPath));
  if (ops !== undefined) checkShape(metaValidator('ops-config.schema.json'), ops, label(opsPath), problems);
  const uploadsPath = join(dir, 'uploads.json');
  const uploads = readJson(uploadsPath, problems, label(uploadsPath));
  const uploadsOk = uploads !== undefined && checkShape(metaValidator('uploads-config.schema.json'), uploads, label(uploadsPath), problems);
  const settings = settingsOf(flowOk ? (flow as FlowConfig) : {});
  const { schemas, raws, brokenSchemas, written } = stepSchemas(options.stepSchemasDir ?? STEP_SCHEMA_DIR, settings, problems);
  if (uploadsOk) {
    problems.push(...uploadsConfigProblems(uploads as UploadsConfig, label(uploadsPath)), ...schemaUploadProblems(written, uploads as UploadsConfig, label(uploadsPath)));
  }
  const smsPath = join(dir, 'sms.json');
  const sms = readJson(smsPath, problems, label(smsPath));
  if (sms !== undefined) checkShape(metaValidator('sms-config.schema.json'), sms, label(smsPath), problems);
  const languagesPath = join(dir, 'languages.json');
  const languagesFile = readJson(languagesPath, problems, label(languagesPath));
  if (languagesFile !== undefined) checkShape(metaValidator('languages.schema.json'), languagesFile, label(languagesPath), problems);
  if (problems.length > 0 || !flowOk) throw new ConfigError(problems);
  const bundle: ConfigBundle = { flow: flow as FlowConfig, pageFiles, messages: messages as Messages, privacy: privacy as PrivacyConfig };
  const meaning = [
    ...checkConfigMeaning(bundle, configCatalog(schemas, { brokenSchemas, check: checkAgainst })),
    ...opsConfigProblems(ops as OpsConfig, bundle.flow),
    ...messageCodeProblems(bundle.messages, label(messagesPath), repoRoot, [...saveBindings(bundle.flow).map(({ message }) => message), ...kraRuleMessages(bundle.flow)]),
    ...kraConfigProblems(bundle),
    ...evidenceProblems(bundle.pageFiles),
    ...familyRelationProblems(bundle.pageFiles),
    ...unreadSettingProblems(settings, raws),
    ...brandFileProblems(bundle.messages, dir, label(messagesPath)),
    ...(options.production ? productionBrandProblems(bundle.messages, label(messagesPath)) : []),
  ];
  if (meaning.length > 0) throw new ConfigError(meaning);
  // Every declared language has every text: checked once the English files are known good.
  const { translations, problems: languageProblems } = loadTranslations(dir, textFiles(dir, options.stepSchemasDir ?? STEP_SCHEMA_DIR));
  if (languageProblems.length > 0) throw new ConfigError(languageProblems);
  const smsFiles = translations.languages.languages.map(({ code }) => {
    const own = translations.files[code]?.['sms.json'];
    const file = own === undefined ? (sms as SmsConfigFile) : translated('sms', sms as SmsConfigFile, own);
    return { code, label: own === undefined ? label(smsPath) : label(join(dir, 'languages', code, 'sms.json')), file };
  });
  const smsProblems = smsTemplateProblems(smsFiles, options.smsVendor?.trim() || undefined);
  if (smsProblems.length > 0) throw new ConfigError(smsProblems);
  const smsTemplates = Object.fromEntries(smsFiles.map(({ code, file }) => [code, file.templates]));
  return { ...bundle, ops: ops as OpsConfig, translations, smsTemplates };
}
