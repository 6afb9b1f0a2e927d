// `npm run lint`: import boundaries between the layers (scripts/eslint/import-boundaries.js), and SQL only in
// repositories, never imported by routes (scripts/eslint/repository-boundaries.js). TypeScript is parsed
// by Babel's parser: typescript-eslint needs the TypeScript 5 API, which the native TypeScript 7 does not ship.
import babelParser from '@babel/eslint-parser';
import { importBoundaries } from './scripts/eslint/import-boundaries.js';
import { repositoryBoundaries } from './scripts/eslint/repository-boundaries.js';

// Babel's scope manager predates ESLint 10's addGlobals: declare the configured globals the way ESLint 10 expects.
const parser = {
  meta: { name: 'onboard-babel-ts' },
  parseForESLint(code, options) {
    const result = babelParser.parseForESLint(code, options);
    result.scopeManager.addGlobals ??= (names) => {
      const scope = result.scopeManager.scopes[0];
      for (const name of names) {
        if (scope.set.has(name)) continue;
        const variable = { name, identifiers: [], references: [], defs: [], scope };
        scope.set.set(name, variable);
        scope.variables.push(variable);
      }
    };
    return result;
  },
};

const uiPackages = ['react', 'react-dom', 'react-router-dom', 'antd', 'axios', 'jotai', '@rjsf/core', '@rjsf/utils', '@rjsf/validator-ajv8', 'dayjs', 'react-easy-crop', 'signature_pad', 'fuse.js'];
const clientFolders = ['src', 'widgets'];

const zones = [
  {
    files: 'core',
    packages: uiPackages,
    folders: ['src', 'widgets', 'server', 'scripts', 'tests'],
    reason: 'core/ is the pure code shared by the browser and the server: no React, DOM, axios or UI code, and nothing from src/ or server/',
  },
  {
    files: 'widgets',
    folders: ['src', 'server', 'scripts'],
    allow: ['src/renderer/public-api'],
    reason: 'widgets use only the renderer public API (src/renderer/public-api/)',
  },
  {
    files: 'server',
    packages: uiPackages.filter((name) => name !== 'dayjs'),
    folders: [...clientFolders, 'scripts', 'tests'],
    reason: 'the server imports core/ and no client code (src/, widgets/: the name catalogue is core/catalog), and nothing from scripts/',
  },
  {
    files: 'src',
    folders: ['server', 'scripts', 'tests'],
    reason: 'the browser bundle never includes server, build or test code',
  },
];

const parserOptions = (isTSX) => ({
  requireConfigFile: false,
  babelOptions: { babelrc: false, configFile: false, presets: [['@babel/preset-typescript', { isTSX, allExtensions: true }]] },
});

export default [
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'core/api/generated/**', 'bench/results/**', '**/*.js'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser, parserOptions: parserOptions(false) },
  },
  {
    files: ['**/*.tsx'],
    languageOptions: { parser, parserOptions: parserOptions(true) },
  },
  {
    files: ['core/**/*.ts', 'src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { onboard: { rules: { 'import-boundaries': importBoundaries, 'repository-boundaries': repositoryBoundaries } } },
    rules: { 'onboard/import-boundaries': ['error', zones] },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    // SQL only in repositories (and the database plumbing and migrations of server/db/); routes call services.
    files: ['server/**/*.ts'],
    rules: { 'onboard/repository-boundaries': ['error', { sqlAllowed: ['server/db'] }] },
  },
];
