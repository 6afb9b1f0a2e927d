// Run by the server in a child process (server/releases/studio/preview.ts): a studio draft's step schemas in one language
// compiled as the build compiles the app's (step-standalone.ts), since the server itself never loads rjsf.
// Usage: tsx scripts/preview-validators.ts <flow-config dir> <step-data dir> <language>; prints {"<id>": "<module>"}.
import { schemaTextsFor } from '../server/config/languages.ts';
import { loadStepSchemas, schemaSettings } from '../server/validation/step-schemas.ts';
import { compileStandaloneModule } from './step-standalone.ts';

const [configDir = '', stepSchemasDir = '', language = ''] = process.argv.slice(2);
const schemas = loadStepSchemas(stepSchemasDir, schemaSettings(configDir), schemaTextsFor(configDir, language));
process.stdout.write(JSON.stringify(Object.fromEntries(schemas.map((schema) => [schema.id, compileStandaloneModule(schema)]))));
