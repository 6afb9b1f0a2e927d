// Build-time only: turns schemas/step-data into the ES module behind `virtual:step-validators`. Kept apart from
// step-schemas.ts so the server, which compiles the same schemas itself, never loads rjsf (and React) for this.
import { schemaParser } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createStepAjv, type StepSchemaFile } from '../server/validation/step-schemas.ts';

/**
 * Browser side: ES module source exporting `compiledStepSchemas`, a map from schema id to
 * `{ schema, validateFns }` ready for rjsf's `createPrecompiledValidator(validateFns, schema)`.
 * Like rjsf's compileSchemaValidatorsCode, each root's sub-schemas (rjsf's schemaParser) get their own
 * function keyed by `$id` or rjsf's hash; each root keeps its own map, so roots never need to be merged.
 */
export function compileStandaloneModule(schemas: readonly StepSchemaFile[]): string {
  const ajv = createStepAjv();
  const exportByKey = new Map<string, string>();
  const steps: string[] = [];
  for (const { id, schema } of schemas) {
    const entries: string[] = [];
    for (const [key, part] of Object.entries(schemaParser(schema))) {
      let exportName = exportByKey.get(key);
      if (!exportName) {
        exportName = `validate_${exportByKey.size}`;
        exportByKey.set(key, exportName);
        ajv.addSchema(part, key);
      }
      entries.push(`${JSON.stringify(key)}: ${exportName}`);
    }
    steps.push(`  ${JSON.stringify(id)}: { schema: ${JSON.stringify(schema)}, validateFns: { ${entries.join(', ')} } },`);
  }
  const refs = Object.fromEntries([...exportByKey].map(([key, name]) => [name, key]));
  const code = esmRuntimeImports(standaloneCode(ajv, refs));
  return `${code}\nexport const compiledStepSchemas = {\n${steps.join('\n')}\n};\n`;
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
