import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { type PreviewConfig, previewConfig } from '../../../core/studio/preview';
import { schemaTextsFor } from '../../config/languages';
import { ApiError } from '../../errors';
import { loadStepSchemas, schemaSettings } from '../../validation/step-schemas';
import { writeConfigFiles } from '../config-from-files';
import type { Studio } from './service';

/**
 * The studio's preview of a draft (issue 31): its pages in a language, as the app's engine renders them, and each form's
 * validators compiled from the draft's schemas as the build compiles the app's (ajv standalone, no eval in the browser),
 * served as an ES module the preview imports. Nothing here reaches an applicant or a vendor.
 */

/** The modules a form's validators import (ajv's runtime helpers, our rule keywords'), by the names the browser knows them. */
export const previewRuntimeModules = ['ajv/dist/runtime/equal.js', 'ajv/dist/runtime/ucs2length.js', 'core/engine/calendar-date.ts', 'core/engine/text-rules.ts'] as const;

const repoRoot = new URL('../../../', import.meta.url).pathname;

/**
 * The build's standalone module turned into a function of those modules (`export default (runtime) => ({ validateFns,
 * stepSchema })`): a module served from the API cannot resolve a package name, so the preview hands them in.
 */
export function previewValidatorModule(standalone: string): string {
  const known = new Set<string>(previewRuntimeModules);
  const body = standalone.replace(/^import \* as (\w+) from "([^"]+)";$/gm, (_line, name: string, spec: string) => {
    const key = spec.startsWith('/') ? relative(repoRoot, spec) : spec;
    if (!known.has(key)) throw new Error(`a preview's validators import ${key}, which the preview does not hand in`);
    return `const ${name} = runtime[${JSON.stringify(key)}];`;
  });
  const functionBody = body.replace(/\bexport const (validate_\d+|validateFns|stepSchema) = /g, 'const $1 = ');
  return `export default function validators(runtime) {\n${functionBody}\nreturn { validateFns, stepSchema };\n}\n`;
}

export function createPreview(studio: Studio) {
  // A draft's version never changes: its modules are compiled once (the latest version's are kept, per draft).
  const modules = new Map<string, { version: number; code: Map<string, string> }>();

  return {
    async config(id: string, language: string): Promise<PreviewConfig> {
      const { files } = await studio.files(id);
      let config;
      try {
        config = previewConfig(files, language);
      } catch {
        throw new ApiError(409, 'studio.previewUnreadable');
      }
      if (!config) throw new ApiError(404, 'studio.languageNotFound');
      return config;
    },

    /** The ES module of one form's validators and schema in `language` (its messages and labels in that language). */
    async validators(id: string, language: string, schemaId: string): Promise<string> {
      const { version, files } = await studio.files(id);
      let held = modules.get(id);
      if (held?.version !== version) {
        held = { version, code: new Map() };
        modules.set(id, held);
      }
      const key = `${language}/${schemaId}`;
      const found = held.code.get(key);
      if (found) return found;
      if (!previewConfig(files, language)) throw new ApiError(404, 'studio.languageNotFound');
      if (files[`schemas/step-data/${schemaId}.schema.json`] === undefined) throw new ApiError(404, 'studio.schemaNotFound');
      const { root, configDir, stepSchemasDir } = writeConfigFiles(files, 'onboard-preview-');
      let code;
      try {
        const schema = loadStepSchemas(stepSchemasDir, schemaSettings(configDir), schemaTextsFor(configDir, language)).find((one) => one.id === schemaId);
        if (!schema) throw new ApiError(404, 'studio.schemaNotFound');
        // Build-time code (rjsf's schema parser, ajv's standalone writer): loaded the first time a preview asks.
        const { compileStandaloneModule } = await import('../../../scripts/step-standalone');
        code = previewValidatorModule(compileStandaloneModule(schema));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(409, 'studio.previewUnreadable');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
      held.code.set(key, code);
      return code;
    },
  };
}
