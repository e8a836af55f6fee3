/**
 * One jest run for the whole workspace: front-end units (jsdom) and the API tests (node, real database).
 * ts-jest compiles TypeScript without type-checking (isolatedModules); `pnpm typecheck` does that.
 * ky, kysely and react-intl (with its @formatjs helpers) ship only ES modules, and @ant-design/icons'
 * CommonJS build requires an ES file of @ant-design/colors, so they are compiled too.
 * otplib's default plugins import @scure/base and @noble/hashes, which ship only ES modules too.
 * Entries are regex fragments matched against the package folder name, scoped ones with '+' under .pnpm.
 */
const esmOnly = ['ky', 'kysely', 'react-intl', 'intl-messageformat', '@formatjs[+/][\\w-]+', '@ant-design[+/]colors', '@scure[+/]base', '@noble[+/]hashes'];
const transform = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', allowJs: true, module: 'commonjs', esModuleInterop: true, isolatedModules: true } }],
};
const transformIgnorePatterns = [`node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})[@/])`];

const frontEnd = (name, roots) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  // A guard against a hung test, not a speed check: a screen test that opens menus and dialogs takes a second or two,
  // past jest's default 5 s on a loaded machine (SidebarNavigation, 27 Nov 2026).
  testTimeout: 20_000,
  roots,
  transform,
  transformIgnorePatterns,
  setupFilesAfterEnv: ['<rootDir>/shared/test/setup-dom.ts'],
  moduleNameMapper: {
    // antd's ES locales, which the bundles take (smaller than its CommonJS ones), are the same texts as its CommonJS ones.
    '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
    '\\.(css|less)$': '<rootDir>/shared/test/style-stub.cjs',
    '\\?url$': '<rootDir>/shared/test/url-stub.cjs',
  },
});

module.exports = {
  // Two test files at a time, also on a 2-core machine (jest's default there is one): the API tests wait on their
  // database as much as they compute, so a second worker fills the gaps. Measured on the CI's kind of machine on
  // 26 November 2026, the whole run with PostgreSQL: 872 s with one worker, 574 and 618 s with two, every test passing.
  maxWorkers: 2,
  projects: [
    frontEnd('web', [
      '<rootDir>/shared',
      '<rootDir>/host',
      '<rootDir>/remote-contacts',
      '<rootDir>/remote-finance',
      '<rootDir>/remote-meetings',
      '<rootDir>/remote-messaging',
      '<rootDir>/tooling',
    ]),
    {
      displayName: 'api',
      testEnvironment: 'node',
      // A guard against a hung test, not a speed check: a test that signs in and asks the real database takes about
      // a second here but past jest's default 5 s on a loaded 2-core CI machine (contacts-seed's reset, 27 Nov 2026).
      testTimeout: 30_000,
      roots: ['<rootDir>/api'],
      // PGlite's CommonJS build loads Node built-ins with import(), which jest's VM refuses without
      // --experimental-vm-modules: a small transform turns them into require(). @fastify/static needs
      // the ESM-only content-disposition compiled, and inject (light-my-request) the ESM-only cookie.
      transform: { '@electric-sql[+/]pglite/dist/.+\\.cjs$': '<rootDir>/api/test/support/pglite-import-to-require.cjs', ...transform },
      transformIgnorePatterns: [`node_modules/(?!(\\.pnpm/)?(${[...esmOnly, '@electric-sql[+/]pglite', 'content-disposition', 'cookie'].join('|')})[@/])`],
      // One migrated database of each kind per run, which every test database is a copy of (a new PGlite runs
      // initdb, seconds each time; a new PostgreSQL database runs every migration): api/test/support/global-setup.ts.
      globalSetup: '<rootDir>/api/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/api/test/support/global-teardown.ts',
    },
  ].map((project) => ({ ...project, rootDir: __dirname, testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/api/resilience/'] })),
};
