// ESLint rule `onboard/feature-boundaries`: a feature of the server (a folder of `root`, e.g. server/bank) calls no other
// feature's repositories or services; what several features share lives in a shared folder (`shared`: server/platform,
// server/db) or reaches them through the app context. Type-only imports are fine: a type is not a call.
// A repository is a file under `repositories/` or named repository.ts / *-repository.ts; a service one under
// `services/` or named service.ts / *-service.ts. `exempt`: folders whose files may (each with its reason).
import { dirname, resolve } from 'node:path';
import { isRepository } from './repository-boundaries.js';
import { importVisitors, toRepo, typeOnly, under } from './import-graph.js';

const baseName = (path) => path.slice(path.lastIndexOf('/') + 1).replace(/\.(tsx?|m?js)$/, '');
export const isService = (path) => /(^|\/)services\//.test(path) || /^(.+-)?service$/.test(baseName(path));

/** 'bank' for 'server/bank/routes.ts' under root 'server'; undefined for a file of the root itself. */
function featureOf(path, root) {
  if (!under(path, root)) return undefined;
  const rest = path.slice(root.length + 1).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "features call no other feature's repositories or services" },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['root', 'shared'],
        properties: {
          root: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
          exempt: {
            type: 'array',
            items: { type: 'object', additionalProperties: false, required: ['folder', 'reason'], properties: { folder: { type: 'string' }, reason: { type: 'string' } } },
          },
        },
      },
    ],
  },
  create(context) {
    const file = toRepo(context.filename);
    const { root, shared, exempt = [] } = context.options[0];
    const own = featureOf(file, root);
    if (!own || shared.includes(own) || exempt.some(({ folder }) => under(file, folder))) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.') || typeOnly(node)) return;
      const target = toRepo(resolve(dirname(context.filename), source));
      const other = featureOf(target, root);
      if (!other || other === own || shared.includes(other)) return;
      const kind = isRepository(target) ? 'repository' : isService(target) ? 'service' : undefined;
      if (!kind) return;
      context.report({
        node,
        message: `${file} may not import '${source}': a ${kind} of ${root}/${other}/. A feature calls only its own repositories and services; what several features need lives in ${shared.map((folder) => `${root}/${folder}/`).join(' or ')}, or reaches them through the app context`,
      });
    };
    return importVisitors(check);
  },
};
