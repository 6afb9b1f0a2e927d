// `npm run lint`: import boundaries between the layers (scripts/eslint/import-boundaries.js), no import cycle across
// folders (import-cycles.js), SQL only in repositories, never imported by routes (repository-boundaries.js), and no
// feature of the server calling another's repositories or services (feature-boundaries.js). TypeScript is parsed
// by Babel's parser: typescript-eslint needs the TypeScript 5 API, which the native TypeScript 7 does not ship.
import babelParser from '@babel/eslint-parser';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';
import { importBoundaries } from './scripts/eslint/import-boundaries.js';
import { importCycles } from './scripts/eslint/import-cycles.js';
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

// The folders whose files form the import graph that must have no cycle across folders.
const cycleScope = { scope: ['core', 'src', 'widgets', 'server'] };

// Features of the server: each folder of server/ but the shared ones.
const features = {
  root: 'server',
  shared: ['platform', 'db'],
  exempt: [{ folder: 'server/dev', reason: "the sandboxes' controls stand in for vendors' callbacks (a UPI payment), which land in the feature they concern" }],
};

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
    plugins: {
      onboard: {
        rules: { 'import-boundaries': importBoundaries, 'import-cycles': importCycles, 'repository-boundaries': repositoryBoundaries, 'feature-boundaries': featureBoundaries },
      },
    },
    rules: { 'onboard/import-boundaries': ['error', zones], 'onboard/import-cycles': ['error', cycleScope] },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  {
    // SQL only in repositories (and the database plumbing and migrations of server/db/); routes call services.
    files: ['server/**/*.ts'],
    rules: {
      'onboard/repository-boundaries': ['error', { sqlAllowed: ['server/db'] }],
      'onboard/feature-boundaries': ['error', features],
    },
  },
];
