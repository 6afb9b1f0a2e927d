// Everything flow-config may name, as the config check takes it: npm run check:config and the server build it
// with schemas read from disk, the browser's form pages with their precompiled schemas.
import formOptions from '../../schemas/form-ui-options.schema.json';
import type { ConfigCatalog } from '../engine/config-check';
import type { FormCatalog, JsonSchemaObject } from '../engine/form-catalog';
import { effectNames } from './effects';
import { screenNames, screenOptions } from './screens';
import { builtinWidgetNames } from './rjsf-widgets';
import { widgetOptions } from './widgets';

export interface CatalogExtras {
  brokenSchemas?: Readonly<Record<string, string>>;
  check?: ConfigCatalog['check'];
}

type Schemas = Readonly<Record<string, JsonSchemaObject>>;

/** What a form page may name. `schemas`: step-data schemas by id (from disk in Node, precompiled in the browser). */
export function formCatalog(schemas: Schemas, extras: CatalogExtras = {}): FormCatalog {
  return { effects: effectNames, schemas, widgets: widgetOptions, builtinWidgets: builtinWidgetNames, formOptions, ...extras };
}

/** Everything flow-config may name: form pages' names plus screens and their options schemas. */
export function configCatalog(schemas: Schemas, extras: CatalogExtras = {}): ConfigCatalog {
  return { ...formCatalog(schemas, extras), screens: screenNames, screenOptions };
}
