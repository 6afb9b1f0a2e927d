/** What a form page of flow-config/pages may name, handed to the checks (form-check.ts, ui-node-check.ts). */

export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** Checks `value` against `schema`, one message per problem ('clearable must be boolean'). Node passes ajv here. */
export type SchemaCheck = (schema: JsonSchemaObject, value: unknown) => string[];

/** What a form page may name: passed in, so this file needs neither React nor a schema compiler. */
export interface FormCatalog {
  effects: readonly string[];
  /** Step-data schemas that exist (and compile), by id. */
  schemas: Readonly<Record<string, JsonSchemaObject>>;
  /** Step-data schemas that exist but do not compile: id → the compiler's complaint. */
  brokenSchemas?: Readonly<Record<string, string>>;
  /** Registered widget names → the JSON Schema of their ui:options. */
  widgets: Readonly<Record<string, JsonSchemaObject>>;
  /** JSON Schema of a form's root ui:options (pages, rule dialogs). */
  formOptions?: JsonSchemaObject;
  /** rjsf's own widget names that config may use too. */
  builtinWidgets: readonly string[];
  /** Without it (in the browser), option values are not checked. */
  check?: SchemaCheck;
}
