import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listsDir } from '../config/config-dirs';

/** The six income-proof document types, read from the one list file (schemas/lists). */
interface ListFile {
  oneOf: { const: string; title: string }[];
}

const listPath = join(listsDir, 'income-proof-document-types.json');
const list = JSON.parse(readFileSync(listPath, 'utf8')) as ListFile;

export const incomeDocumentTypes: ReadonlyMap<string, string> = new Map(list.oneOf.map((option) => [option.const, option.title]));
