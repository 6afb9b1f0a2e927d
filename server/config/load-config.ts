import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import type { ConfigBundle, Messages, PagesFile } from '../../src/engine/config-types';
import type { FlowConfig } from '../../src/engine/flow-types';
import { checkConfigMeaning } from '../../src/engine/config-check';
import { screenNames } from '../../src/screens/screen-names';

export const repoRoot = join(import.meta.dirname, '..', '..');
export const defaultConfigDir = join(repoRoot, 'flow-config');
const schemaDir = join(repoRoot, 'schemas');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`flow-config has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  }
}

function readJson(path: string, problems: string[], label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message}`);
    return undefined;
  }
}

function metaValidator(ajv: Ajv, name: string): ValidateFunction {
  return ajv.compile(JSON.parse(readFileSync(join(schemaDir, name), 'utf8')) as object);
}

function checkShape(validate: ValidateFunction, data: unknown, label: string, problems: string[]): boolean {
  if (validate(data)) return true;
  for (const e of validate.errors ?? []) {
    const extra = e.keyword === 'additionalProperties' ? ` '${String(e.params.additionalProperty)}'` : '';
    problems.push(`${label}: ${e.instancePath || '(top level)'} ${e.message ?? 'is invalid'}${extra}`);
  }
  return false;
}

/** Loads flow-config/ and checks it in two layers: the meta-schemas, then meaning. Throws ConfigError. */
export function loadConfig(dir: string = defaultConfigDir): ConfigBundle {
  const problems: string[] = [];
  const ajv = new Ajv({ allErrors: true, strict: false });
  const label = (path: string) => relative(join(dir, '..'), path) || path;
  const flowPath = join(dir, 'flow.json');
  const flow = readJson(flowPath, problems, label(flowPath));
  const flowOk = flow !== undefined && checkShape(metaValidator(ajv, 'flow-config.schema.json'), flow, label(flowPath), problems);
  const messagesPath = join(dir, 'messages.json');
  const messages = readJson(messagesPath, problems, label(messagesPath));
  if (messages !== undefined) checkShape(metaValidator(ajv, 'messages.schema.json'), messages, label(messagesPath), problems);
  const pagesValidator = metaValidator(ajv, 'pages-config.schema.json');
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
  if (problems.length > 0 || !flowOk) throw new ConfigError(problems);
  const bundle: ConfigBundle = { flow: flow as FlowConfig, pageFiles, messages: messages as Messages };
  const meaning = checkConfigMeaning(bundle, screenNames);
  if (meaning.length > 0) throw new ConfigError(meaning);
  return bundle;
}
