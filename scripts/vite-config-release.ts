import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { configDir, stepSchemasDir } from '../server/config/config-dirs.ts';
import { builtReleaseFile } from '../server/releases/built-release.ts';
import { snapshotConfig } from '../server/releases/snapshot.ts';

/**
 * Which config release a client is built from (issue 29): the SHA-256 of its flow-config/ and schemas/, as a release
 * names it. The app reads it as `import.meta.env.VITE_CONFIG_RELEASE` (to load the pages of the applicant's release
 * when they are another's), and the build records it in `.vite/config-release.json`, where the server and
 * `npm run config:release` read which release a built client is.
 */
export function configRelease(): Plugin {
  const { hash } = snapshotConfig(configDir, stepSchemasDir);
  let outDir: string | undefined;
  return {
    name: 'onboard-config-release',
    config: () => ({ define: { 'import.meta.env.VITE_CONFIG_RELEASE': JSON.stringify(hash) } }),
    configResolved(config) {
      // Only a build records it (the dev server closes with this hook too, and builds nothing).
      if (config.command === 'build') outDir = resolve(config.root, config.build.outDir);
    },
    apply: (userConfig, env) => env.command === 'serve' || !userConfig.build?.ssr,
    closeBundle() {
      if (!outDir) return;
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, builtReleaseFile), JSON.stringify({ hash }));
    },
  };
}
