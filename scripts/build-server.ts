import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The production server as one ES module (dist-server/main.js): our TypeScript compiled and bundled,
 * packages left to node_modules. `npm start` runs it with plain node, no TypeScript loader.
 */
export const serverRoot = join(import.meta.dirname, '..');
export const serverOutFile = join(serverRoot, 'dist-server', 'main.js');

/**
 * Modules that find files next to themselves (`import.meta.dirname`, `import.meta.url`) keep finding
 * them from the bundle: the expression is rewritten relative to the bundle, so the tree can move.
 */
function keepModuleLocations(outDir: string): Plugin {
  return {
    name: 'keep-module-locations',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        if (path.includes('node_modules')) return undefined;
        const source = await readFile(path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const fromBundle = relative(outDir, path).split('\\').join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        const dir = `(import.meta.dirname + ${JSON.stringify(`/${dirname(fromBundle)}`)})`;
        const contents = source.replaceAll('import.meta.dirname', dir).replaceAll('import.meta.url', url);
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Packages stay in node_modules, but plain node's ESM loader needs the file of a CommonJS subpath import
 * ('dayjs/plugin/customParseFormat' → '….js'), which tsx and bundlers find on their own.
 */
function fullySpecifiedSubpaths(): Plugin {
  return {
    name: 'fully-specified-subpaths',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^dayjs\/(plugin|locale)\/[\w-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
    },
  };
}

export async function buildServer(outFile = serverOutFile): Promise<void> {
  await build({
    entryPoints: [join(serverRoot, 'server', 'main.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [fullySpecifiedSubpaths(), keepModuleLocations(dirname(outFile))],
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await buildServer();
