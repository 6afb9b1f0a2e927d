import { isFormPage } from '../core/engine/config-types';
import { checkConfigOrExit } from './config-gate';

/** `npm run check:config [dir]`: precise errors for a broken flow-config, exit 1 if any. */
const bundle = checkConfigOrExit(process.argv[2]);
const pages = Object.values(bundle.pageFiles).flatMap((file) => Object.values(file.pages));
const forms = pages.filter(isFormPage).length;
const files = Object.keys(bundle.pageFiles).length;
console.log(`flow-config OK: ${bundle.flow.steps.length} steps, ${pages.length} pages (${forms} forms), ${files} page files`);
