import { readsSetting, type SchemaSettings } from './schema-refs';

/**
 * Every setting of flow.json is read by a step-data schema (`{"$setting": name}`), so an edit of it always takes
 * effect: a schema that writes the limit itself (say `"maxItems": 3`) would leave the setting doing nothing.
 */
export function unreadSettingProblems(settings: SchemaSettings, rawSchemas: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(settings)
    .filter((name) => !Object.values(rawSchemas).some((schema) => readsSetting(schema, name)))
    .map((name) => `flow-config/flow.json: settings.${name} is read by no schema in schemas/step-data (write {"$setting": "${name}"} where the limit applies)`);
}
