/**
 * `pnpm test:resilience`: the crash tests of issue 10 (kill -9 during a bulk send and an M-Pesa burst, a
 * PostgreSQL restart under traffic, PGlite after kill -9). They start real server processes, so they run
 * apart from `pnpm test:unit` (whose config ignores this folder), one file at a time: the root config's API
 * project, rooted here. PGlite tests copy one migrated folder made before they start (support/global-setup.ts).
 */
const root = require('../../jest.config.cjs');

const api = root.projects.find((project) => project.displayName === 'api');

module.exports = {
  ...api,
  displayName: 'resilience',
  roots: ['<rootDir>/api/resilience'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/api/resilience/support/global-setup.ts',
  globalTeardown: '<rootDir>/api/resilience/support/global-teardown.ts',
  maxWorkers: 1,
};
