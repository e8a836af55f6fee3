const fs = require('node:fs');
const path = require('node:path');

/** Libraries that must exist once on a page: one React, one router context, one antd theme, one store. */
const SINGLETON_LIBRARIES = ['react', 'react-dom', 'react-router-dom', 'antd', 'react-intl', 'zustand'];

const SHARED_PACKAGE = '@ushirika/shared';
/** Subpaths only a remote's standalone dev entry uses: nothing to share with the host. */
const NOT_SHARED = new Set(['./dev-shell']);
const sharedPackageDir = path.resolve(__dirname, '..', 'shared');

/**
 * The federation `shared` map of one front end.
 *
 * - Third-party singletons take their version and range from the front end's own package.json.
 * - `@ushirika/shared` is shared per subpath (`@ushirika/shared/session`, ...), each with the package's explicit
 *   version: its dependency range is `workspace:*`, which is not semver. Only subpaths whose source exists are
 *   listed, so a subpath still being written does not break every build.
 * - In production builds the remotes take the third-party singletons from the host only (`import: false`): a
 *   remote bundles none of React, antd, the router or react-intl. That makes the four remote builds several times
 *   faster and their output small; a remote's production build then runs only inside the host (its dev server
 *   builds with fallbacks, for the standalone shell).
 * - The host registers first and provides the subpaths it uses, among them every one that holds state (session,
 *   i18n, ui, api), so those come from the host's build: a relative import between subpaths inside the shared package (ui -> ../i18n, api -> ../session) then
 *   reaches the same module instance as the shared one. (Keying subpaths by their absolute source path as well
 *   makes the federation plugin emit a second, unused set of chunks whose names clash in dev builds.)
 */
function sharedDependencies(packageJson, { consumeOnly = false } = {}) {
  // A consume-only build bundles no fallback copy of the third-party singletons: the host, which uses every one
  // of them, provides them. Subpaths of our shared package keep their (small) fallback: the host does not use
  // every subpath (it has no form that needs ./validation), so it does not provide every one.
  const fallback = consumeOnly ? { import: false } : {};
  const dependencies = packageJson.dependencies ?? {};
  const shared = {};
  for (const library of SINGLETON_LIBRARIES) {
    const range = dependencies[library];
    if (!range) throw new Error(`${packageJson.name} must depend on ${library} (a federation singleton)`);
    shared[library] = { singleton: true, requiredVersion: range, strictVersion: false, ...fallback };
  }
  const sharedPackage = JSON.parse(fs.readFileSync(path.join(sharedPackageDir, 'package.json'), 'utf8'));
  const version = sharedPackage.version;
  for (const [subpath, target] of Object.entries(sharedPackage.exports ?? {})) {
    const source = path.join(sharedPackageDir, target);
    if (NOT_SHARED.has(subpath) || !fs.existsSync(source)) continue;
    const request = `${SHARED_PACKAGE}/${subpath.replace(/^\.\//, '')}`;
    shared[request] = { singleton: true, version, requiredVersion: `^${version}` };
  }
  return shared;
}

module.exports = { sharedDependencies, SINGLETON_LIBRARIES };
