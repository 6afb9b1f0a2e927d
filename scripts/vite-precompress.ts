import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Writes `file.br` and `file.gz` (best compression; built once, sent many times) unless it is under 1 KB. */
export function compressBeside(path: string): void {
  const content = readFileSync(path);
  if (content.length < 1024) return;
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/** Writes .br and .gz beside each text asset so the server sends them without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'onboard-precompress',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      for (const name of new Set(files)) compressBeside(join(outDir, name));
    },
  };
}
