import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not `new URL('..', import.meta.url)`: Vite rewrites that pattern into an asset URL in dom tests.
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the flow is read from: the repository's flow-config/ and schemas/step-data/ (the lists beside it in
 * schemas/lists/), or ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR: a broker's own copy, or a test's edited
 * copy. The check, the server, the build and the test suites all read these, so they always agree.
 */
export const configDir = resolve(process.env.ONBOARD_CONFIG_DIR || join(repoRoot, 'flow-config'));
export const stepSchemasDir = resolve(process.env.ONBOARD_STEP_SCHEMAS_DIR || join(repoRoot, 'schemas', 'step-data'));
export const listsDir = join(stepSchemasDir, '..', 'lists');
