// Build-time only: turns schemas/step-data into the ES modules behind `virtual:step-validators` (and /<id>). Kept apart from
// step-schemas.ts so the server, which compiles the same schemas itself, never loads rjsf (and React) for this.
import { schemaParser } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createStepAjv, type StepSchemaFile } from '../server/validation/step-schemas.ts';

/** The module of one schema's validators: `virtual:step-validators/<id>`. */
export const stepValidatorModule = (id: string): string => `virtual:step-validators/${id}`;

/**
 * Browser side, the index (`virtual:step-validators`): the schema ids and, per language and schema, a lazy loader of
 * the schema with its validators (`virtual:step-validators/<language>/<id>`), so a route downloads only its own step's
 * schema and functions, in the applicant's language.
 */
export function compileSchemaIndex(schemas: readonly StepSchemaFile[], languages: readonly string[]): string {
  const ids = schemas.map(({ id }) => id);
  const byLanguage = languages.map((language) => {
    const loaders = ids.map((id) => `    ${JSON.stringify(id)}: () => import(${JSON.stringify(stepValidatorModule(`${language}/${id}`))}),`);
    return `  ${JSON.stringify(language)}: {\n${loaders.join('\n')}\n  },`;
  });
  return `export const stepSchemaIds = ${JSON.stringify(ids)};\nexport const validatorLoaders = {\n${byLanguage.join('\n')}\n};\n`;
}

/**
 * Browser side, one schema (`virtual:step-validators/<id>`): ES module source exporting `stepSchema` and
 * `validateFns`, ready for rjsf's `createPrecompiledValidator(validateFns, stepSchema)`. Like rjsf's compileSchemaValidatorsCode, each of the
 * root's sub-schemas (rjsf's schemaParser) gets its own function keyed by `$id` or rjsf's hash.
 */
export function compileStandaloneModule({ schema }: StepSchemaFile): string {
  const ajv = createStepAjv();
  const refs: Record<string, string> = {};
  Object.entries(schemaParser(schema)).forEach(([key, part], index) => {
    ajv.addSchema(part, key);
    refs[`validate_${index}`] = key;
  });
  const entries = Object.entries(refs).map(([name, key]) => `${JSON.stringify(key)}: ${name}`);
  const code = esmRuntimeImports(standaloneCode(ajv, refs));
  // Schema authors' notes ($comment) are for the people editing schemas/, not for the browser.
  const shipped = JSON.stringify(schema, (key, value: unknown) => (key === '$comment' ? undefined : value));
  return `${code}\nexport const validateFns = { ${entries.join(', ')} };\nexport const stepSchema = ${shipped};\n`;
}

/**
 * ajv's ESM output still calls `require()` for its small runtime helpers (ucs2length, equal, formats), which
 * browsers lack. Hoist each into an import; `cjsExports` evens out how Node and bundlers expose CommonJS.
 */
export function esmRuntimeImports(code: string): string {
  const names = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, spec: string) => {
    let name = names.get(spec);
    if (!name) {
      name = `runtime_${names.size}`;
      names.set(spec, name);
    }
    return name;
  });
  if (names.size === 0) return body;
  const header = [...names].map(([spec, name]) => {
    const path = /\.([cm]?js|ts)$/.test(spec) ? spec : `${spec}.js`; // Node's ESM resolver needs the extension
    return `import * as ${name}_ns from ${JSON.stringify(path)};\nconst ${name} = cjsExports(${name}_ns);`;
  });
  const helper =
    'function cjsExports(ns) { const d = ns.default; return d !== null && typeof d === "object" && d.__esModule ? d : ns; }';
  return `${header.join('\n')}\n${helper}\n${body.replace(/^"use strict";/, '')}`;
}

/** The bare module specifiers the standalone code imports (for Vite's dependency optimiser). */
export function runtimeImports(moduleCode: string): string[] {
  return [...moduleCode.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map((match) => match[1] ?? '');
}
