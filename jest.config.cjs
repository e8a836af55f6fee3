/**
 * One jest run for the whole workspace: front-end units (jsdom) and the API tests (node, real database).
 * ts-jest compiles TypeScript without type-checking (isolatedModules); `pnpm typecheck` does that.
 * ky and kysely ship only ES modules, so they are compiled too.
 */
const esmOnly = ['ky', 'kysely'];
const transform = {
  '^.+\\.[tj]sx?$': ['ts-jest', { tsconfig: { jsx: 'react-jsx', allowJs: true, module: 'commonjs', esModuleInterop: true, isolatedModules: true } }],
};
const transformIgnorePatterns = [`node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})[@/])`];

const frontEnd = (name, roots) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots,
  transform,
  transformIgnorePatterns,
  setupFilesAfterEnv: ['<rootDir>/shared/test/setup-dom.ts'],
  moduleNameMapper: { '\\.(css|less)$': '<rootDir>/shared/test/style-stub.cjs' },
});

module.exports = {
  projects: [
    frontEnd('web', ['<rootDir>/shared', '<rootDir>/host', '<rootDir>/remote-contacts', '<rootDir>/remote-finance', '<rootDir>/remote-meetings', '<rootDir>/remote-messaging']),
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      transform,
      transformIgnorePatterns,
    },
  ].map((project) => ({ ...project, rootDir: __dirname, testPathIgnorePatterns: ['/node_modules/', '/dist/'] })),
};
