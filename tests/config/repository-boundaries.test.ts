import { join } from 'node:path';
import babelParser from '@babel/eslint-parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryBoundaries } from '../../scripts/eslint/repository-boundaries.js';
import { repoRoot } from '../../server/config/load-config';

/** The rule `npm run lint` applies to server/: SQL only in repositories, routes never importing one. */
const linter = new Linter({ cwd: repoRoot });
const config: Linter.Config = {
  files: ['**/*.ts'],
  languageOptions: {
    parser: babelParser,
    parserOptions: { requireConfigFile: false, babelOptions: { babelrc: false, configFile: false, presets: [['@babel/preset-typescript', { allExtensions: true }]] } },
  },
  plugins: { onboard: { rules: { 'repository-boundaries': repositoryBoundaries } } },
  rules: { 'onboard/repository-boundaries': ['error' as const, { sqlAllowed: ['server/db'] }] },
};

const problems = (file: string, code: string) =>
  linter.verify(code, config, { filename: join(repoRoot, file) }).map((message) => message.message);

describe('repository boundaries', () => {
  it.each([
    ['server/bank/service.ts', "export const f = (db) => db.selectFrom('users').selectAll().execute();", 'may not build a query (selectFrom)'],
    ['server/health/routes.ts', "import { sql } from 'kysely';", "may not use Kysely's sql template"],
    ['server/sign-in/routes.ts', "import { findUser } from './repositories/users';", 'routes call services'],
    ['server/back-office/routes/ops.ts', "import { findUser } from '../repository';", 'routes call services'],
    ['server/dev/upi-routes.ts', "import { findUser } from '../applicant/user-repository';", 'routes call services'],
  ])('%s: %s is refused', (file, code, message) => {
    expect(problems(file, code).join('\n')).toContain(message);
  });

  it.each([
    ['server/sign-in/repositories/users.ts', "import { sql } from 'kysely';\nexport const f = (db) => db.deleteFrom('users').execute();"],
    ['server/pan/repository.ts', "export const f = (db) => db.insertInto('pan_checks').values({}).execute();"],
    ['server/db/migrations/001-initial.ts', "import { sql } from 'kysely';\nexport const f = (db) => db.updateTable('users').execute();"],
    ['server/sign-in/routes.ts', "import { signIn } from './service';\nimport type { Kysely } from 'kysely';"],
    ['server/sign-in/service.ts', "import { findUser } from './repositories/users';"],
    ['server/bank/branch-routes.ts', "import type { BranchView } from './repositories/branch-search';\nimport { type Row } from './repository';"],
  ])('%s: %s is fine', (file, code) => {
    expect(problems(file, code)).toEqual([]);
  });
});
