import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** The module every schema form renders through: a screen that imports it statically draws forms as it opens. */
const schemaForm = 'src/renderer/form/schema-form.tsx';

/**
 * What the form page imports statically beyond the entry (rjsf, the validators' runtime, our templates), less what a
 * screen without forms imports too, and less any module that imports one of those: the group takes its members'
 * imports along, and a screen must never load the form engine because it shares a small module with it.
 */
function formEngineModules(graph: ModuleGraph, formId: string, screenIds: readonly string[], entry: ReadonlySet<string>): Set<string> {
  const formless = screenIds.map((id) => staticClosure(graph, [id])).filter((closure) => ![...closure].some((id) => id.endsWith(schemaForm)));
  const shared = new Set(formless.flatMap((closure) => [...closure]));
  const members = new Set([...staticClosure(graph, [formId])].filter((id) => id !== formId && !entry.has(id) && !shared.has(id)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of members) {
      if ((graph.getModuleInfo(id)?.importedIds ?? []).every((dependency) => members.has(dependency) || entry.has(dependency))) continue;
      members.delete(id);
      changed = true;
    }
  }
  return members;
}

/**
 * Two chunks where Rolldown would cut dozens (one per set of importers), each of which only costs a route a request
 * and a gzip stream of its own:
 * - `app`: the app's own modules the entry imports statically, with their dependencies (React, antd's core, the
 *   shell, state and config): every route loads all of them before it draws anything (about 6 KB on a form route).
 *   Packages' modules are left out of the test: a barrel (antd's index) names components only lazy pages use, and
 *   those stay in the pages' chunks.
 * - `form`: the form engine every form route loads as it opens (`form`'s static imports: rjsf, the validators'
 *   runtime, our templates), and no screen without forms.
 */
export function entryChunk({ entry, form }: { entry: string; form: string }): Plugin {
  return {
    name: 'onboard-entry-chunk',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    config(config) {
      const root = config.root ?? process.cwd();
      const entryId = resolve(root, entry);
      const formId = resolve(root, form);
      const screenIds = Object.values(registryModules(screenRegistryFile)).flatMap((base) =>
        ['.tsx', '.ts'].map((extension) => resolve(root, `${base}${extension}`)).filter((file) => existsSync(file)),
      );
      let inEntry: Set<string> | undefined;
      let inForm: Set<string> | undefined;
      const entryModules = (graph: ModuleGraph) => (inEntry ??= staticClosure(graph, [entryId]));
      const formModules = (graph: ModuleGraph) => (inForm ??= formEngineModules(graph, formId, screenIds, entryModules(graph)));
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: (id: string, ctx: ModuleGraph) => (entryModules(ctx).has(id) && !id.includes('/node_modules/') ? 'app' : null), priority: 2 },
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
