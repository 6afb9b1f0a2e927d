// Pure (no React, no schema compiler): the names config may use, from the widget, screen and effect definitions.
// Node (npm run check:config, the server) and the browser (form pages at runtime) build their catalog here.
import formOptions from '../../schemas/form-ui-options.schema.json';
import { builtinWidgetNames, widgetCatalog } from '../../widgets/widget-catalog';
import { effectNames } from '../effects/effect-catalog';
import type { ConfigCatalog } from '../../core/engine/config-check';
import type { FormCatalog, JsonSchemaObject } from '../../core/engine/form-check';
import { screenOptionsSchema } from '../screens/options-schemas';
import { screenNames } from '../screens/screen-catalog';

export interface CatalogExtras {
  brokenSchemas?: Readonly<Record<string, string>>;
  check?: ConfigCatalog['check'];
}

type Schemas = Readonly<Record<string, JsonSchemaObject>>;

/** What a form page may name. `schemas`: step-data schemas by id (from disk in Node, precompiled in the browser). */
export function formCatalog(schemas: Schemas, extras: CatalogExtras = {}): FormCatalog {
  return { effects: effectNames, schemas, widgets: widgetCatalog, builtinWidgets: builtinWidgetNames, formOptions, ...extras };
}

/** Everything flow-config may name: form pages' names plus screens and their options schemas. */
export function configCatalog(schemas: Schemas, extras: CatalogExtras = {}): ConfigCatalog {
  return { ...formCatalog(schemas, extras), screens: screenNames, screenOptions: screenOptionsSchema };
}
