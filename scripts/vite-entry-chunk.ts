import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { registryModules, screenRegistryFile } from './route-chunks.ts';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Vite's module behind every lazy import (it preloads the chunk's imports and CSS). */
const preloadHelper = '\0vite/preload-helper.js';

/** The module every schema form renders through: a screen that imports it statically draws forms as it opens. */
const schemaForm = 'src/renderer/form/schema-form.tsx';

/**
 * What the form page imports statically beyond the app (rjsf, the validators' runtime, our templates), less what a
 * screen without forms imports too, and less any module that imports one of those: the group takes its members'
 * imports along, and a screen must never load the form engine because it shares a small module with it.
 */
function formEngineModules(graph: ModuleGraph, formId: string, screenIds: readonly string[], app: ReadonlySet<string>): Set<string> {
  const formless = screenIds.map((id) => staticClosure(graph, [id])).filter((closure) => ![...closure].some((id) => id.endsWith(schemaForm)));
  const shared = new Set(formless.flatMap((closure) => [...closure]));
  const members = new Set([...staticClosure(graph, [formId])].filter((id) => id !== formId && !app.has(id) && !shared.has(id)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of members) {
      if ((graph.getModuleInfo(id)?.importedIds ?? []).every((dependency) => members.has(dependency) || app.has(dependency))) continue;
      members.delete(id);
      changed = true;
    }
  }
  return members;
}

/**
 * Three chunks where Rolldown would cut dozens (one per set of importers), each of which only costs a route a request
 * and a gzip stream of its own:
 * - `react`: React DOM with what it imports (React, the scheduler), and Vite's preload helper, which src/main.tsx
 *   imports statically (it wraps every lazy import). src/main.tsx evaluates this chunk a task before the app's, so it
 *   must hold no module of the app's: evaluating it would evaluate the app too.
 * - `app`: the app's own modules src/app/start.tsx imports statically, with their dependencies (antd's core, the
 *   shell, state and config): every route loads all of them before it draws anything (about 6 KB on a form route).
 *   Packages' modules are left out of the test: a barrel (antd's index) names components only lazy pages use, and
 *   those stay in the pages' chunks.
 * - `form`: the form engine every form route loads as it opens (`form`'s static imports: rjsf, the validators'
 *   runtime, our templates), and no screen without forms.
 */
export function entryChunk({ reactDom, app, form }: { reactDom: string; app: string; form: string }): Plugin {
  return {
    name: 'onboard-entry-chunk',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    config(config) {
      const root = config.root ?? process.cwd();
      const reactDomId = createRequire(join(root, 'package.json')).resolve(reactDom);
      const appId = resolve(root, app);
      const formId = resolve(root, form);
      const screenIds = Object.values(registryModules(screenRegistryFile)).flatMap((base) =>
        ['.tsx', '.ts'].map((extension) => resolve(root, `${base}${extension}`)).filter((file) => existsSync(file)),
      );
      let inReact: Set<string> | undefined;
      let inApp: Set<string> | undefined;
      let inForm: Set<string> | undefined;
      const reactModules = (graph: ModuleGraph) => (inReact ??= staticClosure(graph, [reactDomId]));
      const appModules = (graph: ModuleGraph) => (inApp ??= staticClosure(graph, [appId]));
      const formModules = (graph: ModuleGraph) => (inForm ??= formEngineModules(graph, formId, screenIds, appModules(graph)));
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: (id: string, ctx: ModuleGraph) => (reactModules(ctx).has(id) || id === preloadHelper ? 'react' : null), priority: 3 },
                  { name: (id: string, ctx: ModuleGraph) => (appModules(ctx).has(id) && !id.includes('/node_modules/') ? 'app' : null), priority: 2 },
                  { name: (id: string, ctx: ModuleGraph) => (formModules(ctx).has(id) ? 'form' : null), priority: 1, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
  };
}
