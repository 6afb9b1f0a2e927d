// ESLint rule `onboard/import-cycles`: no chain of imports leads from a file back to itself through a file of another
// folder. Files of one folder may lean on each other (one small module split in two); once a loop crosses folders,
// neither folder can be read, moved or tested without the other, and the layers it runs through are no layers.
// Type-only imports count: a folder that needs another's types to be read is tied to it all the same.
// `scope`: the folders whose files form the graph (core, src, widgets, server); a loop through anything else is not seen.
import { dirname as folderOf } from 'node:path/posix';
import { importsOfProgram, pathBack, resolveImport, toRepo, under } from './import-graph.js';

export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycle between files of different folders' },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['scope'],
        properties: { scope: { type: 'array', items: { type: 'string' } } },
      },
    ],
  },
  create(context) {
    const file = toRepo(context.filename);
    const { scope } = context.options[0];
    if (!scope.some((folder) => under(file, folder))) return {};
    return {
      Program(program) {
        const reported = new Set();
        for (const { source, node } of importsOfProgram(program)) {
          const target = resolveImport(context.filename, source);
          if (!target || target === file || reported.has(target) || !scope.some((folder) => under(target, folder))) continue;
          const back = pathBack(target, file, scope);
          if (!back) continue;
          const loop = [file, ...back];
          if (new Set(loop.map((path) => folderOf(path))).size < 2) continue;
          reported.add(target);
          context.report({ node, message: `import cycle across folders: ${loop.join(' -> ')}. Move what both sides need to a file they both import, or pass it in` });
        }
      },
    };
  },
};
