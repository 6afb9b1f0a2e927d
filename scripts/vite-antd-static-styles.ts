import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The functions antd's component style modules call with (name, styleFn, componentToken, options). */
const styleHookFactories = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** antd's style modules; not the factories' own definition (antd/es/theme/). */
const styleModule = /[\\/]node_modules[\\/]antd[\\/]es[\\/](?!theme[\\/]).*[\\/]style[\\/][^\\/]+\.js$|[\\/]node_modules[\\/]antd[\\/]es[\\/]_util[\\/]wave[\\/]style\.js$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) yield* walk(item);
    if (isNode(value)) yield* walk(value);
  }
}

/** cssinjs-utils' name of a component's style path: ['Input', 'Shared'] → 'Input-Shared', 'Button' → 'Button-Button'. */
function stylePath(name: Node): string | undefined {
  if (name.type === 'Literal' && typeof name.value === 'string') return `${name.value}-${name.value}`;
  if (name.type === 'ArrayExpression') {
    const cells = (name.elements as Node[]).map((cell) => (cell.type === 'Literal' && typeof cell.value === 'string' ? cell.value : undefined));
    return cells.every((cell) => cell !== undefined) ? cells.join('-') : undefined;
  }
  return undefined;
}

/**
 * The style function of every `genStyleHooks(name, styleFn, getDefaultToken, …)` call in `code`, replaced by
 * `() => []`, and its component-token function by `undefined`: with antd's zero-runtime mode on the browser never
 * calls the one (the build writes the CSS they make as a file), and the browser build's style hooks
 * (scripts/stubs/antd-style-hooks.ts) neither, so what only they use falls out of the bundle (the colour maths of a
 * button's tokens). Returns the new code and the style paths of the components.
 */
export function withoutStyleFunctions(code: string, program: Node): { code: string; paths: string[] } {
  const edits: { start: number; end: number; text: string }[] = [];
  const paths: string[] = [];
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const [name, styleFn, componentToken] = node.arguments as Node[];
    if (callee.type !== 'Identifier' || !styleHookFactories.has(callee.name as string) || !name || !styleFn) continue;
    const path = stylePath(name);
    if (path) paths.push(path);
    edits.push({ start: styleFn.start, end: styleFn.end, text: '() => []' });
    if (componentToken) edits.push({ start: componentToken.start, end: componentToken.end, text: 'undefined' });
  }
  let result = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) result = `${result.slice(0, start)}${text}${result.slice(end)}`;
  return { code: result, paths };
}

/** Where the client build lists the antd components whose styles it left out (dist/.vite/antd-styles.json). */
export const antdStylesFile = join('.vite', 'antd-styles.json');

/**
 * The browser build's antd makes no CSS (its zero-runtime mode: src/ui/theme.ts): its styles come as files the
 * build writes from the prerender (scripts/vite-prerender.ts), so their code is left out of the bundle (~8 KB gzip
 * on /login, ~22 KB on a form route) and no style is computed on the main thread as a page hydrates or a dialog
 * opens. Writes the style paths of the components in the bundle, which the prerender checks it has the CSS of.
 */
export function antdStaticStyles(): Plugin {
  const pathsByModule = new Map<string, string[]>();
  let outDir = 'dist';
  return {
    name: 'onboard-antd-static-styles',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transform(code, id) {
      if (!styleModule.test(id) || ![...styleHookFactories].some((factory) => code.includes(factory))) return null;
      const { code: stripped, paths } = withoutStyleFunctions(code, this.parse(code) as unknown as Node);
      pathsByModule.set(id, paths);
      return { code: stripped, map: null };
    },
    writeBundle(_options, bundle) {
      const bundled = new Set(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? Object.keys(output.modules) : [])));
      const paths = [...pathsByModule].filter(([id]) => bundled.has(id)).flatMap(([, list]) => list);
      writeFileSync(join(outDir, antdStylesFile), JSON.stringify([...new Set(paths)].sort(), null, 1));
    },
  };
}
