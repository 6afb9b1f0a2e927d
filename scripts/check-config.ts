import { ConfigError, loadConfig } from '../server/config/load-config';

/** `npm run check:config [dir]`: precise errors for a broken flow-config, exit 1 if any. */
const dir = process.argv[2];
try {
  const bundle = loadConfig(dir);
  const pages = Object.values(bundle.pageFiles).reduce((n, file) => n + Object.keys(file.pages).length, 0);
  console.log(`flow-config OK: ${bundle.flow.steps.length} steps, ${pages} pages, ${Object.keys(bundle.pageFiles).length} page files`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
