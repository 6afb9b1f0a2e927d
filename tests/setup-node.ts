import { afterAll } from 'vitest';
import { dropMigratedTemplate } from './server/migrated-database';

// Each test file's migrated database template goes with the file, whether or not its modules are shared.
afterAll(dropMigratedTemplate);
