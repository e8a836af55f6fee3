const fs = require('node:fs');
const path = require('node:path');

/** Libraries that must exist once on a page: one React, one router context, one antd theme, one store. */
const SINGLETON_LIBRARIES = ['react', 'react-dom', 'react-router-dom', 'antd', 'react-intl', 'zustand'];

const SHARED_PACKAGE = '@ushirika/shared';
const sharedPackageDir = path.resolve(__dirname, '..', 'shared');

/**
 * The federation `shared` map of one front end.
 *
 * - Third-party singletons take their version and range from the front end's own package.json.
 * - `@ushirika/shared` is shared per subpath (`@ushirika/shared/session`, ...), each with the package's explicit
 *   version: its dependency range is `workspace:*`, which is not semver. Only subpaths whose source exists are
 *   listed, so a subpath still being written does not break every build.
 * - Every front end provides every subpath, and the host registers first, so every subpath comes from the host's
 *   build: a relative import between subpaths inside the shared package (ui -> ../i18n, api -> ../session) then
 *   reaches the same module instance as the shared one. (Keying subpaths by their absolute source path as well
 *   makes the federation plugin emit a second, unused set of chunks whose names clash in dev builds.)
 */
function sharedDependencies(packageJson) {
  const dependencies = packageJson.dependencies ?? {};
  const shared = {};
  for (const library of SINGLETON_LIBRARIES) {
    const range = dependencies[library];
    if (!range) throw new Error(`${packageJson.name} must depend on ${library} (a federation singleton)`);
    shared[library] = { singleton: true, requiredVersion: range, strictVersion: false };
  }
  const sharedPackage = JSON.parse(fs.readFileSync(path.join(sharedPackageDir, 'package.json'), 'utf8'));
  const version = sharedPackage.version;
  for (const [subpath, target] of Object.entries(sharedPackage.exports ?? {})) {
    const source = path.join(sharedPackageDir, target);
    if (!fs.existsSync(source)) continue;
    const request = `${SHARED_PACKAGE}/${subpath.replace(/^\.\//, '')}`;
    shared[request] = { singleton: true, version, requiredVersion: `^${version}` };
  }
  return shared;
}

module.exports = { sharedDependencies, SINGLETON_LIBRARIES };
