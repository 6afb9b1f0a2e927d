import { spanAt } from './json-spans';
import type { ConfigFiles } from './texts';

/**
 * Pure: the settings of flow.json the studio edits (the most nominees, the days to fix a sent-back application, the
 * days its reminders go out), each with the limits the config's meta-schema gives it. The config check applies those
 * limits and the rules between them (each reminder before the deadline); an edit rewrites the one value in place.
 */

export const settingKeys = ['maxNominees', 'rectificationDays', 'reminderDays'] as const;
export type SettingKey = (typeof settingKeys)[number];

const settingPaths: Record<SettingKey, string[]> = {
  maxNominees: ['settings', 'maxNominees'],
  rectificationDays: ['review', 'rectificationDays'],
  reminderDays: ['review', 'rectification', 'reminderDays'],
};

export type SettingValue = number | number[];

export interface StudioSetting {
  key: SettingKey;
  value: SettingValue;
  /** The meta-schema's bounds (of each day, for a list of days). */
  minimum: number | null;
  maximum: number | null;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const flowPath = 'flow-config/flow.json';

function valueAt(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, part) => (isRecord(node) ? node[part] : undefined), root);
}

/** The meta-schema of a value of flow.json at `path`, following `properties` and local `$ref`s. */
function metaSchemaAt(meta: unknown, path: readonly string[]): Json | undefined {
  const resolve = (node: unknown): unknown => {
    if (!isRecord(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
    return resolve(valueAt(meta, node.$ref.slice(2).split('/')));
  };
  let node = resolve(meta);
  for (const part of path) node = resolve(isRecord(node) && isRecord(node.properties) ? node.properties[part] : undefined);
  return isRecord(node) ? node : undefined;
}

const bound = (node: Json | undefined, key: 'minimum' | 'maximum') => (typeof node?.[key] === 'number' ? node[key] : null);

/** The settings flow.json holds, each with its meta-schema's bounds. */
export function studioSettings(files: ConfigFiles): StudioSetting[] {
  const flow: unknown = JSON.parse(files[flowPath] ?? '{}');
  const meta: unknown = JSON.parse(files['schemas/flow-config.schema.json'] ?? '{}');
  return settingKeys.flatMap((key) => {
    const value = valueAt(flow, settingPaths[key]);
    const valid = typeof value === 'number' || (Array.isArray(value) && value.every((day) => typeof day === 'number'));
    if (!valid) return [];
    const schema = metaSchemaAt(meta, settingPaths[key]);
    const limits = Array.isArray(value) && isRecord(schema?.items) ? schema.items : schema;
    return [{ key, value: value as SettingValue, minimum: bound(limits, 'minimum'), maximum: bound(limits, 'maximum') }];
  });
}

/** `files` with one setting's value rewritten in place in flow.json; undefined when flow.json does not hold it. */
export function withSetting(files: ConfigFiles, key: SettingKey, value: SettingValue): ConfigFiles | undefined {
  const text = files[flowPath];
  if (text === undefined || Array.isArray(value) !== (key === 'reminderDays')) return undefined;
  const span = spanAt(text, settingPaths[key]);
  if (!span) return undefined;
  const json = Array.isArray(value) ? `[${value.join(', ')}]` : String(value);
  return { ...files, [flowPath]: `${text.slice(0, span.start)}${json}${text.slice(span.end)}` };
}
