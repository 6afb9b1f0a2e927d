// The repository's import graph, read from the files themselves (Babel's parser, the one the lint uses): which
// files each file imports, with type-only imports marked. Shared by the lint rules that need more than the file
// being linted (onboard/import-cycles). Each file is parsed once per process and again only when it changes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { parseSync } from '@babel/core';

export const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
export const toRepo = (file) => relative(root, file).split(sep).join('/');
export const under = (path, folder) => path === folder || path.startsWith(`${folder}/`);

const extensions = ['.ts', '.tsx', '.js', '.mjs'];

/** The file an import names, as a repository path ('server/app.ts'), or undefined for a package or a missing file. */
export function resolveImport(fromFile, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), source);
  const stem = base.replace(/\.(tsx?|m?js)$/, '');
  const candidates = [base, ...extensions.map((ext) => `${stem}${ext}`), ...extensions.map((ext) => `${base}/index${ext}`)];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found ? toRepo(found) : undefined;
}

/** An import or re-export of types alone (`import type`, or every name marked `type`): no code runs through it. */
export const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** ESLint visitors that call `check(node, source)` for each import, re-export and import() of the file linted. */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
  };
}

// Not children: positions, comments, tokens, and ESLint's link back to the parent node.
const skippedKeys = new Set(['parent', 'loc', 'range', 'start', 'end', 'comments', 'leadingComments', 'trailingComments', 'innerComments', 'tokens']);

/** Every static import, re-export and import() of a parsed program: { source, typeOnly, node }. */
export function importsOfProgram(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) {
      found.push({ source: node.source.value, typeOnly: typeOnly(node), node });
    } else if (node.type === 'ImportExpression' && node.source?.type === 'StringLiteral') {
      found.push({ source: node.source.value, typeOnly: false, node });
    } else if (node.type === 'CallExpression' && node.callee?.type === 'Import' && node.arguments[0]?.type === 'StringLiteral') {
      found.push({ source: node.arguments[0].value, typeOnly: false, node });
    }
    for (const [key, value] of Object.entries(node)) {
      if (skippedKeys.has(key)) continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return found;
}

const parsed = new Map();

/** The repository files `path` imports (repository paths), each once; [] for a file that cannot be read or parsed. */
export function importsOf(path) {
  const file = resolve(root, path);
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = parsed.get(path);
  if (cached && cached.mtime === mtime) return cached.targets;
  let targets = [];
  try {
    const code = readFileSync(file, 'utf8');
    const ast = parseSync(code, {
      babelrc: false,
      configFile: false,
      filename: file,
      sourceType: 'module',
      parserOpts: { plugins: ['typescript', ...(file.endsWith('.tsx') ? ['jsx'] : [])], errorRecovery: true },
    });
    targets = [...new Set(importsOfProgram(ast.program).map(({ source }) => resolveImport(file, source)).filter(Boolean))];
  } catch {
    targets = [];
  }
  parsed.set(path, { mtime, targets });
  return targets;
}

/**
 * The shortest chain of imports from `from` back to `to` among files inside `scope` (repository folders), as
 * repository paths from `from` to `to`; undefined when `from` does not lead back to `to`.
 */
export function pathBack(from, to, scope, importsOfFile = importsOf) {
  const inScope = (path) => scope.some((folder) => under(path, folder));
  const previous = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const chain = [];
      for (let at = current; at !== undefined; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of importsOfFile(current)) {
      if (!previous.has(next) && inScope(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}
