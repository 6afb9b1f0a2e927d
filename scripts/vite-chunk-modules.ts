import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes dist/.vite/chunk-modules.json: for each JS chunk, the modules bundled into it (paths from
 * the project root). The bundle budgets read it to check what a route's chunks contain.
 */
export function chunkModules(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'onboard-chunk-modules',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // Only modules with code left after tree-shaking.
        const kept = Object.entries(output.modules).filter(([, module]) => module.renderedLength > 0);
        report[output.fileName] = kept.map(([id]) => relative(root, id.replace(/^\0/, '')));
      }
      writeFileSync(join(outDir, '.vite', 'chunk-modules.json'), JSON.stringify(report, null, 1));
    },
  };
}
