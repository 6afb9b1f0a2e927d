// ESLint rule `onboard/repository-boundaries`: SQL lives only in repositories, and routes call services, never a
// repository. A repository is a file under a `repositories/` folder or named `repository.ts` / `*-repository.ts`;
// a route file is under a `routes/` folder or named `routes.ts` / `*-routes.ts`. Folders listed in `sqlAllowed`
// (the database plumbing and its migrations) may hold SQL too.
import { dirname, resolve } from 'node:path';
import { importVisitors, toRepo, typeOnly, under } from './import-graph.js';
const baseName = (path) => path.slice(path.lastIndexOf('/') + 1).replace(/\.(tsx?|js)$/, '');

export const isRepository = (path) => /(^|\/)repositories\//.test(path) || /^(.+-)?repository$/.test(baseName(path));
export const isRouteFile = (path) => /(^|\/)routes\//.test(path) || /^(.+-)?routes$/.test(baseName(path));
const queryMethods = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

export const repositoryBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL only in repositories; route files do not import repositories' },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: { sqlAllowed: { type: 'array', items: { type: 'string' } } },
      },
    ],
  },
  create(context) {
    const file = toRepo(context.filename);
    const sqlAllowed = isRepository(file) || (context.options[0]?.sqlAllowed ?? []).some((folder) => under(file, folder));
    const route = isRouteFile(file);
    const checkImport = (node, source) => {
      if (typeof source !== 'string') return;
      if (!sqlAllowed && source === 'kysely' && node.specifiers?.some((s) => s.type === 'ImportSpecifier' && s.imported.name === 'sql' && s.importKind !== 'type')) {
        context.report({ node, message: `${file} may not use Kysely's sql template: SQL lives only in repositories (repositories/, repository.ts, *-repository.ts)` });
      }
      // Types are not calls: a route may name a repository's row type.
      if (route && !typeOnly(node) && source.startsWith('.') && isRepository(toRepo(resolve(dirname(context.filename), source)))) {
        context.report({ node, message: `${file} may not import '${source}': routes call services, and services call repositories` });
      }
    };
    return {
      ...importVisitors(checkImport),
      CallExpression(node) {
        const callee = node.callee;
        if (sqlAllowed || callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (queryMethods.has(callee.property.name)) {
          context.report({ node, message: `${file} may not build a query (${callee.property.name}): SQL lives only in repositories (repositories/, repository.ts, *-repository.ts)` });
        }
      },
    };
  },
};
