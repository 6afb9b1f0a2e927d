import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { translationSkeleton } from '../core/engine/translations.ts';
import { configDir, stepSchemasDir } from '../server/config/config-dirs.ts';
import { textFiles } from '../server/config/languages.ts';

/**
 * `npm run languages -- skeleton <code>`: writes, for each config file with texts, the file a translator fills in
 * for that language (flow-config/languages/<code>/...: the English texts in the file's shape). Files that exist are
 * left as they are. Then add the language to flow-config/languages.json; check:config names every text still missing.
 */
const [command, code] = process.argv.slice(2);
if (command !== 'skeleton' || !code || !/^[a-z]{2,3}$/.test(code)) {
  console.error('Usage: npm run languages -- skeleton <code>   (a two- or three-letter language code, e.g. mr)');
  process.exit(2);
}
let written = 0;
for (const { kind, name, english } of textFiles(configDir, stepSchemasDir)) {
  const path = join(configDir, 'languages', code, name);
  if (existsSync(path)) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(translationSkeleton(kind, english), null, 2)}\n`);
  written += 1;
}
console.log(`flow-config/languages/${code}: ${written} file(s) written to translate`);
