import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const checkScript = fileURLToPath(new URL('./check-config.ts', import.meta.url));

/**
 * The config check as the client build's first step: `vite build` (npm run build, npm start, the browser tests)
 * stops with the check's own message (file and JSON path) before anything is bundled or prerendered, never with a
 * TypeError from a step or page the build could not read. It runs as `npm run check:config` does, in a process of
 * its own: the check reads widget and screen definitions that Vite's config bundler cannot load.
 */
export function configCheck(): Plugin {
  return {
    name: 'onboard-config-check',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    buildStart() {
      // Vite sets NODE_ENV=production for every build, the browser tests' too: the production rules (no example
      // address, brand-check.ts) are for a production run, checked by npm start and check:config in production mode.
      const { NODE_ENV: _viteSets, ...env } = process.env;
      const check = spawnSync(process.execPath, [tsx, checkScript], { stdio: 'inherit', env });
      if (check.status !== 0) process.exit(check.status ?? 1);
    },
  };
}
