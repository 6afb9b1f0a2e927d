import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadStepSchemas, STEP_SCHEMA_DIR } from '../server/validation/step-schemas.ts';
import { compileStandaloneModule, runtimeImports } from './step-standalone.ts';

export const STEP_VALIDATORS_ID = 'virtual:step-validators';
const RESOLVED_ID = `\0${STEP_VALIDATORS_ID}`;

/**
 * Serves `virtual:step-validators`: ajv standalone validators and the schemas of schemas/step-data, generated
 * in memory on every build, dev start and test run (nothing is written to the tree), so the browser needs
 * neither ajv's compiler nor eval.
 */
export function stepValidators(options: { dir?: string } = {}): Plugin {
  const dir = resolve(options.dir ?? STEP_SCHEMA_DIR);
  const generate = (): string => compileStandaloneModule(loadStepSchemas(dir));
  return {
    name: 'onboard-step-validators',
    config() {
      // Pre-bundle ajv's CommonJS runtime helpers up front, so dev does not reload when it first meets them.
      // A broken schema is reported by `load` when the module is imported, not here for every unrelated run.
      try {
        return { optimizeDeps: { include: runtimeImports(generate()) } };
      } catch {
        return {};
      }
    },
    resolveId(id) {
      return id === STEP_VALIDATORS_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const { file } of loadStepSchemas(dir)) this.addWatchFile(file);
      const lists = resolve(dir, '..', 'lists');
      for (const name of readdirSync(lists)) if (name.endsWith('.json')) this.addWatchFile(join(lists, name));
      return generate();
    },
    configureServer(server) {
      const lists = resolve(dir, '..', 'lists');
      server.watcher.add([dir, lists]);
      const onFile = (file: string): void => {
        const folder = dirname(resolve(file));
        if ((folder === dir || folder === lists) && file.endsWith('.json')) invalidate(server);
      };
      server.watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
    },
  };
}

function invalidate(server: ViteDevServer): void {
  const mod = server.moduleGraph.getModuleById(RESOLVED_ID);
  if (mod) server.moduleGraph.invalidateModule(mod);
  server.ws.send({ type: 'full-reload' });
}
