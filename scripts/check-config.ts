import { isFormPage } from '../src/engine/config-types';
import { ConfigError, loadConfig } from '../server/config/load-config';

/** `npm run check:config [dir]`: precise errors for a broken flow-config, exit 1 if any. */
const dir = process.argv[2];
try {
  const bundle = loadConfig(dir);
  const pages = Object.values(bundle.pageFiles).flatMap((file) => Object.values(file.pages));
  const forms = pages.filter(isFormPage).length;
  const files = Object.keys(bundle.pageFiles).length;
  console.log(`flow-config OK: ${bundle.flow.steps.length} steps, ${pages.length} pages (${forms} forms), ${files} page files`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
