// ESLint rule `onboard/import-boundaries`: which folder may import what, so the layers stay apart.
// Each zone names the files it covers (folders relative to the repository) and what they may not import:
// packages by name, and repository folders unless listed in `allow`.
import { dirname, resolve } from 'node:path';
import { importVisitors, toRepo, under } from './import-graph.js';

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'keep core/ pure, widgets on the renderer public API, and the server off the client tree' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files', 'reason'],
          properties: {
            files: { type: 'string' },
            packages: { type: 'array', items: { type: 'string' } },
            folders: { type: 'array', items: { type: 'string' } },
            allow: { type: 'array', items: { type: 'string' } },
            reason: { type: 'string' },
          },
        },
      },
    ],
  },
  create(context) {
    const file = toRepo(context.filename);
    const zones = (context.options[0] ?? []).filter((zone) => under(file, zone.files));
    if (zones.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      for (const zone of zones) {
        const bannedPackage = (zone.packages ?? []).find((name) => source === name || source.startsWith(`${name}/`));
        let bannedFolder;
        if (source.startsWith('.')) {
          const target = toRepo(resolve(dirname(context.filename), source));
          const allowed = (zone.allow ?? []).some((path) => under(target.replace(/\.(tsx?|js)$/, ''), path.replace(/\.(tsx?|js)$/, '')));
          bannedFolder = allowed ? undefined : (zone.folders ?? []).find((folder) => under(target, folder));
        }
        const what = bannedPackage ?? bannedFolder;
        if (what) context.report({ node, message: `${file} may not import '${source}' (${what}): ${zone.reason}` });
      }
    };
    return importVisitors(check);
  },
};
