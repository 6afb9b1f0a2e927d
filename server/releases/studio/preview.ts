import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type PreviewConfig, previewConfig } from '../../../core/studio/preview';
import { type ConfigFiles, languagesOf } from '../../../core/studio/texts';
import { repoRoot } from '../../config/config-dirs';
import { ApiError } from '../../errors';
import { writeConfigFiles } from '../config-from-files';
import type { Studio } from './service';

/**
 * The studio's preview of a draft (issue 31): its pages in a language, as the app's engine renders them, and each form's
 * validators compiled from the draft's schemas as the build compiles the app's (ajv standalone, no eval in the browser),
 * served as an ES module the preview imports. Nothing here reaches an applicant or a vendor.
 */

/** The modules a form's validators import (ajv's runtime helpers, our rule keywords'), by the names the browser knows them. */
export const previewRuntimeModules = ['ajv/dist/runtime/equal.js', 'ajv/dist/runtime/ucs2length.js', 'core/engine/calendar-date.ts', 'core/engine/text-rules.ts'] as const;

/**
 * The build's standalone module turned into a function of those modules (`export default (runtime) => ({ validateFns,
 * stepSchema })`): a module served from the API cannot resolve a package name, so the preview hands them in.
 */
export function previewValidatorModule(standalone: string): string {
  const known = new Set<string>(previewRuntimeModules);
  const body = standalone.replace(/^import \* as (\w+) from "([^"]+)";$/gm, (_line, name: string, spec: string) => {
    const key = spec.startsWith('/') ? relative(repoRoot, spec).split('\\').join('/') : spec;
    if (!known.has(key)) throw new Error(`a preview's validators import ${key}, which the preview does not hand in`);
    return `const ${name} = runtime[${JSON.stringify(key)}];`;
  });
  const functionBody = body.replace(/\bexport const (validate_\d+|validateFns|stepSchema) = /g, 'const $1 = ');
  return `export default function validators(runtime) {\n${functionBody}\nreturn { validateFns, stepSchema };\n}\n`;
}

/** Compiling a language's schemas takes a second or two; one that takes a minute is stuck. */
const compileTimeoutMs = 60_000;

/**
 * Every step schema of `files` in `language`, compiled by scripts/preview-validators.ts in a child process (the server
 * loads neither rjsf nor build code; its memory is freed when it ends): each schema's standalone module, by id.
 */
function compileDraftSchemas(files: ConfigFiles, language: string): Promise<Record<string, string>> {
  const { root, configDir, stepSchemasDir } = writeConfigFiles(files, 'onboard-preview-');
  const script = join(repoRoot, 'scripts', 'preview-validators.ts');
  return new Promise<Record<string, string>>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, configDir, stepSchemasDir, language], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString()).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), compileTimeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as Record<string, string>);
      else reject(new Error(`scripts/preview-validators.ts exited with ${code}: ${said.trim()}`));
    });
  }).finally(() => rmSync(root, { recursive: true, force: true }));
}

export function createPreview(studio: Studio) {
  // A draft's version never changes: its schemas are compiled once per language (the latest version's are kept, per draft).
  const compiled = new Map<string, { version: number; languages: Map<string, Promise<Record<string, string>>> }>();

  return {
    /** The draft's pages in `language`, with the draft's version (a module's address names it: an edit is never hidden by a cached one). */
    async config(id: string, language: string): Promise<PreviewConfig & { version: number }> {
      const { version, files } = await studio.files(id);
      let config;
      try {
        config = previewConfig(files, language);
      } catch {
        throw new ApiError(409, 'studio.previewUnreadable');
      }
      if (!config) throw new ApiError(404, 'studio.languageNotFound');
      return { ...config, version };
    },

    /**
     * The ES module of one form's validators and schema in `language` (its messages and labels in that language);
     * `log` is told why a compile failed (the editor reads the config check's findings on the draft).
     */
    async validators(id: string, language: string, schemaId: string, log: (message: string) => void): Promise<string> {
      const { version, files } = await studio.files(id);
      if (!languagesOf(files).languages.some(({ code }) => code === language)) throw new ApiError(404, 'studio.languageNotFound');
      if (files[`schemas/step-data/${schemaId}.schema.json`] === undefined) throw new ApiError(404, 'studio.schemaNotFound');
      let held = compiled.get(id);
      if (held?.version !== version) {
        held = { version, languages: new Map() };
        compiled.set(id, held);
      }
      let modules = held.languages.get(language);
      if (!modules) {
        modules = compileDraftSchemas(files, language);
        // A failed compile is tried again at the next request (the draft may be fixed by then).
        const languages = held.languages;
        modules.catch(() => languages.delete(language));
        held.languages.set(language, modules);
      }
      let code;
      try {
        code = (await modules)[schemaId];
      } catch (error) {
        log(`studio preview of draft ${id} (${language}): ${(error as Error).message}`);
        throw new ApiError(409, 'studio.previewUnreadable');
      }
      if (code === undefined) throw new ApiError(404, 'studio.schemaNotFound');
      return previewValidatorModule(code);
    },
  };
}
