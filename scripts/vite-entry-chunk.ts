import { resolve } from 'node:path';
import type { Plugin } from 'vite';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * One chunk for the app's own modules the entry imports statically, with their dependencies (React, antd's core,
 * the shell, state and config): every route loads all of them before it draws anything, so the dozen chunks
 * Rolldown otherwise cuts them into (one per set of importers) only cost each route requests and gzip streams
 * (about 6 KB on a form route). Packages' modules are left out of the test: a barrel (antd's index) names
 * components only lazy pages use, and those stay in the pages' chunks.
 */
export function entryChunk({ entry }: { entry: string }): Plugin {
  return {
    name: 'onboard-entry-chunk',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    config(config) {
      const entryId = resolve(config.root ?? process.cwd(), entry);
      let closure: Set<string> | undefined;
      const staticClosure = (graph: ModuleGraph): Set<string> => {
        const seen = new Set<string>();
        const stack = [entryId];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string, ctx: ModuleGraph) => {
                      closure ??= staticClosure(ctx);
                      return closure.has(id) && !id.includes('/node_modules/') ? 'app' : null;
                    },
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
