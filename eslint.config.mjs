// ESLint flat config for the whole workspace (`pnpm lint` = `eslint . && prettier --check .`).
// - typescript-eslint `recommended` (the type-aware set on demand; see TYPED below),
// - React hooks rules on the front ends (shared, host, remotes),
// - import boundaries (docs/architecture.md "Layout"), in two layers:
//   1. `import-x/no-restricted-paths` checks where an import *resolves to* (relative paths, package names,
//      `require()` and `import()` alike), so `../../../remote-finance/src/x` and `@ushirika/remote-finance`
//      are both caught whatever the nesting depth;
//   2. `no-restricted-imports` checks the *text* of the specifier, for what resolution cannot tell apart:
//      a front end reaching into `shared/` by relative path (it resolves to the same file as the package
//      subpath), and package names that may not even resolve (`@ushirika/remote-*`, react in the API).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const REMOTES = ['remote-contacts', 'remote-finance', 'remote-meetings', 'remote-messaging'];
const FRONT_ENDS = ['host', ...REMOTES];
const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

// The type-aware set (`recommendedTypeChecked`: no-floating-promises, no-misused-promises, …) builds a
// TypeScript program per package: about 80 s and 2.7 GB for this tree on 2 cores against about 15 s without, so
// `pnpm lint` runs the plain `recommended` set and the type-aware one is opt-in: `ESLINT_TYPED=1 pnpm exec eslint .`
const TYPED = process.env.ESLINT_TYPED === '1';

const inFolders = (folders, globs = ['**/*']) => folders.flatMap((folder) => globs.map((glob) => `${folder}/${glob}`));

// ---- import boundaries, layer 1: resolved paths -------------------------------------------------
const zones = [
  // No area imports another area.
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: REMOTES.filter((other) => other !== remote).map((other) => `./${other}`),
    message: 'An area never imports another area; move the code to @ushirika/shared.',
  })),
  // The host never imports a remote (it loads them at run time through module federation).
  { target: './host', from: REMOTES.map((remote) => `./${remote}`), message: 'The host loads remotes only through module federation.' },
  // The API never imports UI code, and of the shared package only contract and validation.
  { target: './api', from: [...FRONT_ENDS, 'e2e'].map((folder) => `./${folder}`), message: 'The API never imports front-end or e2e code.' },
  {
    target: './api',
    from: './shared',
    except: ['./src/contract', './src/validation'],
    message: 'The API imports only @ushirika/shared/contract and @ushirika/shared/validation.',
  },
  // Shared never imports an app.
  { target: './shared', from: [...FRONT_ENDS, 'api', 'e2e'].map((folder) => `./${folder}`), message: 'Shared code never imports an app.' },
];

// ---- import boundaries, layer 2: specifier text -------------------------------------------------
const OTHER_APPS = { group: ['@ushirika/host', '@ushirika/host/*', '@ushirika/api', '@ushirika/api/*', '@ushirika/e2e', '@ushirika/e2e/*', '@ushirika/remote-*'] };
const frontEndRestrictions = (allowSharedTest) => [
  'error',
  {
    patterns: [
      { ...OTHER_APPS, message: 'A front end never imports another app (areas load through module federation).' },
      {
        regex: allowSharedTest ? '^(\\.\\./)+shared(/(?!test/)|$)' : '^(\\.\\./)+shared(/|$)',
        message: allowSharedTest
          ? 'Import shared code by package subpath (@ushirika/shared/ui); tests may import only shared/test/* relatively.'
          : 'Import shared code by package subpath (@ushirika/shared/ui), never by a relative path into shared/.',
      },
    ],
  },
];

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', '**/coverage/**', '**/data/**', '**/.data*/**', '**/bench/results/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  {
    files: TS,
    extends: [TYPED ? tseslint.configs.recommendedTypeChecked : tseslint.configs.recommended],
    languageOptions: TYPED ? { parserOptions: { projectService: true, tsconfigRootDir: root } } : {},
    rules: {
      // `_`-prefixed names are deliberately unused (positional parameters, destructured leftovers).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },

  // shared/tsconfig.json does not include shared/test (nor does `pnpm typecheck`), so no project has those files.
  ...(TYPED ? [{ files: ['shared/test/**'], extends: [tseslint.configs.disableTypeChecked] }] : []),

  // ---- environments ----
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: globals.node } },
  { files: ['api/**', 'e2e/**', 'scripts/**', 'tooling/**'], languageOptions: { globals: globals.node } },
  { files: ['shared/**', ...inFolders(FRONT_ENDS)], languageOptions: { globals: globals.browser } },
  { files: [...TESTS, '**/test/**'], languageOptions: { globals: { ...globals.jest, ...globals.node } } },

  // ---- React hooks on the front ends ----
  {
    files: inFolders(['shared', ...FRONT_ENDS], ['**/*.ts', '**/*.tsx']),
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },

  // ---- import boundaries ----
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.cjs', '.js', '.json'],
          conditionNames: ['types', 'import', 'require', 'default'],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  { files: inFolders(FRONT_ENDS), ignores: TESTS, rules: { 'no-restricted-imports': frontEndRestrictions(false) } },
  { files: inFolders(FRONT_ENDS, TESTS), rules: { 'no-restricted-imports': frontEndRestrictions(true) } },
  {
    files: ['api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@ushirika/(?!shared/(contract|validation)$)',
              message: 'The API imports only @ushirika/shared/contract and @ushirika/shared/validation.',
            },
            { regex: '^(\\.\\./)+shared(/|$)', message: 'Import shared code by package subpath (@ushirika/shared/contract), never by a relative path.' },
            {
              regex: '^(react|react-dom|react-intl|react-router|react-router-dom|antd|formik|@ant-design/[^/]+|@tanstack/react-query)(/.*)?$',
              message: 'The API never imports UI code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@ushirika/(?!shared/)', message: 'Shared code never imports an app.' }] }],
    },
  },
  // The kit's subpaths are shared by version range, and a remote may run its own copy of one: a relative import
  // of another subpath would compile a private copy of it into that copy (docs/architecture.md, "Weight").
  {
    files: inFolders(['shared/src/ui', 'shared/src/forms', 'shared/src/validation', 'shared/src/contract', 'shared/src/brand', 'shared/src/charts']),
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(ui|forms|validation|contract|brand|charts|api|session|i18n|dev-shell)(/|$)',
              allowTypeImports: true,
              message: 'Import another subpath of the kit by its package name (@ushirika/shared/contract), never by a relative path.',
            },
          ],
        },
      ],
    },
  },
);
