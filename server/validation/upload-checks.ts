import { type UploadsConfig, contentMimes, uploadKeyword } from '../../core/engine/upload-limits';
import { codeKinds } from '../documents/uploads/code-kinds';
import type { RawSchemaFile } from './message-checks';

/**
 * flow-config/uploads.json beyond its shape: every kind's types are declared file types, each file type is one the
 * server can check by content, the kinds the server's own routes use are there, and no two types share a MIME type.
 */
export function uploadsConfigProblems(config: UploadsConfig, label: string): string[] {
  const problems: string[] = [];
  const typeNames = Object.keys(config.fileTypes);
  const mimes = new Map<string, string>();
  for (const [name, type] of Object.entries(config.fileTypes)) {
    if (!contentMimes[type.content].includes(type.mime)) {
      problems.push(`${label}: /fileTypes/${name}/mime: '${type.mime}' cannot be checked as ${type.content} content (it can: ${contentMimes[type.content].join(', ')})`);
    }
    const twin = mimes.get(type.mime);
    if (twin) problems.push(`${label}: /fileTypes/${name}/mime: '${type.mime}' is already file type '${twin}'`);
    mimes.set(type.mime, name);
  }
  for (const [name, kind] of Object.entries(config.kinds)) {
    kind.types.forEach((type, index) => {
      if (!Object.hasOwn(config.fileTypes, type)) problems.push(`${label}: /kinds/${name}/types/${index}: unknown file type '${type}' (known: ${typeNames.join(', ')})`);
    });
  }
  for (const kind of codeKinds) {
    if (!Object.hasOwn(config.kinds, kind)) problems.push(`${label}: /kinds: the server's own uploads need kind '${kind}'`);
  }
  return problems;
}

/** Where "x-upload" appears in a schema as written: JSON paths ('properties.proof'), for the nested-use check. */
function uploadKeywordPaths(node: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (!node || typeof node !== 'object') return found;
  if (!Array.isArray(node) && Object.hasOwn(node, uploadKeyword)) found.push(path);
  for (const [key, child] of Object.entries(node)) uploadKeywordPaths(child, [...path, key], found);
  return found;
}

/**
 * Each "x-upload" of a step schema names a kind of uploads.json, on a top-level text property (the form holds a
 * reference to the picked file, the server stores the document's id there).
 */
export function schemaUploadProblems(files: readonly RawSchemaFile[], config: UploadsConfig, uploadsLabel: string): string[] {
  const kinds = Object.keys(config.kinds);
  return files.flatMap(({ label, raw }) =>
    uploadKeywordPaths(raw).flatMap((path) => {
      const where = `${label}: ${[...path, uploadKeyword].join('.')}`;
      const property = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], raw) as Record<string, unknown>;
      const kind = property[uploadKeyword];
      if (path.length !== 2 || path[0] !== 'properties') return [`${where}: a file field must be a property of the schema itself`];
      if (property.type !== 'string') return [`${where}: a file field is "type": "string" (it holds the document's id)`];
      // A missing kind of the server's own is reported once, at uploads.json (uploadsConfigProblems).
      if (typeof kind === 'string' && (codeKinds as readonly string[]).includes(kind)) return [];
      if (typeof kind !== 'string' || !kinds.includes(kind)) return [`${where}: no upload kind ${JSON.stringify(kind)} in ${uploadsLabel} (known: ${kinds.join(', ')})`];
      return [];
    }),
  );
}
