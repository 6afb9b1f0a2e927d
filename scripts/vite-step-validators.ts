import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadStepSchemas, schemaSettings, STEP_SCHEMA_DIR } from '../server/validation/step-schemas.ts';
import { configDir as flowConfigDir } from '../server/config/config-dirs.ts';
import { readLanguages, schemaTextsFor } from '../server/config/languages.ts';
import { compileSchemaIndex, compileStandaloneModule, runtimeImports } from './step-standalone.ts';

export const STEP_VALIDATORS_ID = 'virtual:step-validators';
const RESOLVED_ID = `\0${STEP_VALIDATORS_ID}`;
const ONE_PREFIX = `${STEP_VALIDATORS_ID}/`;

/**
 * Serves `virtual:step-validators` (the schemas of schemas/step-data and a lazy loader per schema) and
 * `virtual:step-validators/<id>` (that schema's ajv standalone validators, a chunk of its own), generated in
 * memory on every build, dev start and test run (nothing is written to the tree), so the browser needs neither
 * ajv's compiler nor eval, and a route loads only its own step's validators.
 */
export function stepValidators(options: { dir?: string; configDir?: string } = {}): Plugin {
  const dir = resolve(options.dir ?? STEP_SCHEMA_DIR);
  // The settings schemas read ({"$setting": ...}) come from the flow-config the client is built with.
  const configDir = options.configDir ?? flowConfigDir;
  // Each language's schemas carry its messages and labels (flow-config/languages/<code>/step-data, lists).
  const load = (language?: string) =>
    loadStepSchemas(dir, schemaSettings(options.configDir), language ? schemaTextsFor(configDir, language) : undefined);
  const generate = (id?: string): string => {
    if (id === undefined) return compileSchemaIndex(load(), readLanguages(configDir).languages.map(({ code }) => code));
    const [language = '', schemaId = ''] = id.split('/');
    const one = load(language).find((schema) => schema.id === schemaId);
    if (!one) throw new Error(`${STEP_VALIDATORS_ID}: no schema '${schemaId}' in ${dir}`);
    return compileStandaloneModule(one);
  };
  return {
    name: 'onboard-step-validators',
    config() {
      // Pre-bundle ajv's CommonJS runtime helpers up front, so dev does not reload when it first meets them.
      // A broken schema is reported by `load` when the module is imported, not here for every unrelated run.
      try {
        const imports = load().flatMap((schema) => runtimeImports(compileStandaloneModule(schema)));
        return { optimizeDeps: { include: [...new Set(imports)] } };
      } catch {
        return {};
      }
    },
    resolveId(id) {
      return id === STEP_VALIDATORS_ID || id.startsWith(ONE_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID && !id.startsWith(`\0${ONE_PREFIX}`)) return undefined;
      for (const { file } of load()) this.addWatchFile(file);
      const lists = resolve(dir, '..', 'lists');
      for (const name of readdirSync(lists)) if (name.endsWith('.json')) this.addWatchFile(join(lists, name));
      return generate(id === RESOLVED_ID ? undefined : id.slice(ONE_PREFIX.length + 1));
    },
    configureServer(server) {
      const lists = resolve(dir, '..', 'lists');
      const translations = join(configDir, 'languages');
      server.watcher.add([dir, lists, translations]);
      const onFile = (file: string): void => {
        const folder = dirname(resolve(file));
        const translation = folder.startsWith(translations) && /[/\\](step-data|lists)$/.test(folder);
        if ((folder === dir || folder === lists || translation) && file.endsWith('.json')) invalidate(server);
      };
      server.watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
    },
  };
}

function invalidate(server: ViteDevServer): void {
  for (const [id, mod] of server.moduleGraph.idToModuleMap) {
    if (id === RESOLVED_ID || id.startsWith(`\0${ONE_PREFIX}`)) server.moduleGraph.invalidateModule(mod);
  }
  server.ws.send({ type: 'full-reload' });
}
