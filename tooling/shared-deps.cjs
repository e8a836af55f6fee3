const fs = require('node:fs');
const path = require('node:path');
const { antdComponentModules } = require('./antd-imports-loader.cjs');

/**
 * Libraries that must exist once on a page: one React, one router context, one antd theme, one intl context,
 * one zustand, one TanStack Query cache (its QueryClient is created by the host's AppProviders).
 */
const SINGLETON_LIBRARIES = ['react', 'react-dom', 'react-router-dom', 'antd', 'react-intl', 'zustand', '@tanstack/react-query'];

/**
 * Singletons the host provides from a module of ours instead of the library's entry, holding only what the front
 * ends use: as `antd` the components (shared/src/ui/antd-subset.ts, about 70% of antd, still one instance and
 * one theme), as `react-router-dom` the declarative router (shared/src/ui/router-subset.ts). A shared library
 * cannot be tree-shaken (any remote may use any export); a list of what is offered can. In production builds the
 * front ends take antd per component instead (`offeredAntdComponents`); `antd` stays provided for a remote built
 * before that (and for an import the loader leaves whole) and is what the dev servers share.
 */
const PROVIDED_FROM = { antd: 'src/ui/antd-subset.ts', 'react-router-dom': 'src/ui/router-subset.ts' };

/**
 * Libraries of the shared package itself, shared by its version range (not singletons: they hold no state), so a
 * page loads each once whichever front end's kit copy imports it. Without this, a remote's own copy of
 * `@ushirika/shared/validation` brought a second yup onto every remote screen (12 KB brotli).
 */
const KIT_LIBRARIES = ['yup', 'formik'];

/**
 * The base every @ant-design/icons icon renders through (the component, its context, the SVG writer), one module
 * the icons import relatively (`../components/AntdIconLight`). Shared as a singleton the host provides, matched also
 * by that relative request inside node_modules (`allowNodeModulesSuffixMatch`): a remote bundles the icons it
 * shows (a few hundred bytes each) but not a second base, and every icon reads the one icon context antd's
 * ConfigProvider sets.
 */
const ICON_BASE = '@ant-design/icons/es/components/AntdIconLight';

const SHARED_PACKAGE = '@ushirika/shared';
/** Subpaths that hold state (the session store, the locale store, the API client): one instance, the host's. */
const STATEFUL_SUBPATHS = new Set(['./session', './i18n', './api']);
/** The stateless kit: shared by semver range, with a fallback copy in each remote. */
const KIT_SUBPATHS = new Set(['./ui', './forms', './brand', './charts', './validation', './contract']);
/** Subpaths only a remote's standalone dev entry uses: nothing to share with the host. */
const NOT_SHARED = new Set(['./dev-shell']);
/** The shared package this tooling builds with: the `shared/` folder beside it (a temporary copy of the workspace uses its own). */
const sharedPackageDir = path.resolve(__dirname, '..', 'shared');

/** `import` and `version` of a singleton provided from our own module (PROVIDED_FROM); nothing for the others. */
function providedFrom(library) {
  const file = PROVIDED_FROM[library];
  if (!file) return {};
  const installed = require(require.resolve(`${library}/package.json`, { paths: [sharedPackageDir] }));
  return { import: path.join(sharedPackageDir, file), version: installed.version };
}

/**
 * The antd components the front ends may use (the names `src/ui/antd-subset.ts` re-exports), each with its own module:
 * `Table` → `antd/es/table`. In production builds each is a singleton of its own that the host provides
 * (`sharedDependencies`' `antdPerComponent`), and our modules import them one by one (antd-imports-loader.cjs), so
 * a screen downloads the components it shows rather than all of them.
 */
function offeredAntdComponents() {
  const source = fs.readFileSync(path.join(sharedPackageDir, PROVIDED_FROM.antd), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'antd\/es'/.exec(source);
  if (!list) throw new Error(`shared/${PROVIDED_FROM.antd}: no \`export { … } from 'antd/es'\` found`);
  const modules = antdComponentModules(sharedPackageDir);
  return new Map(
    list[1]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => {
        const request = modules.get(name);
        if (!request) throw new Error(`shared/${PROVIDED_FROM.antd} offers ${name}, which antd's index does not export`);
        return [name, request];
      }),
  );
}

/**
 * Components only some screens show (forms and their fields, tabs, statistics): in production each keeps a file of
 * its own, loaded when a screen first shows it. Every other component offered goes into the one `antd` file every
 * signed-in screen loads (chunk-groups.cjs): the shell, the kit and the lists use nearly all of them, and one file
 * costs one request where a file per component cost dozens.
 */
const ANTD_ON_DEMAND = new Set(['Form', 'InputNumber', 'Upload', 'Segmented', 'Tabs', 'Statistic']);

/** The module requests of the components every signed-in screen shares (`antd/es/table`…): all but ANTD_ON_DEMAND. */
function commonAntdRequests() {
  return [...offeredAntdComponents()].filter(([name]) => !ANTD_ON_DEMAND.has(name)).map(([, request]) => request);
}

function readSharedPackage() {
  return JSON.parse(fs.readFileSync(path.join(sharedPackageDir, 'package.json'), 'utf8'));
}

/** Each subpath of the shared package (`@ushirika/shared/ui`) whose source exists, with its source file. */
function sharedSubpaths() {
  return Object.entries(readSharedPackage().exports ?? {})
    .map(([subpath, target]) => ({ subpath, request: `${SHARED_PACKAGE}/${subpath.replace(/^\.\//, '')}`, source: path.join(sharedPackageDir, target) }))
    .filter(({ source }) => fs.existsSync(source));
}

/**
 * `resolve.alias` entries that send every `@ushirika/shared/<subpath>` request, from a front end or from inside
 * the shared package itself (the kit imports the stateful subpaths by package name), to the source of the shared
 * package beside this tooling. webpack would also resolve them through node_modules and the package's
 * self-reference; the alias makes a copy of the workspace (e2e/support/remote-build.ts) build against its own copy.
 */
function sharedPackageAliases() {
  return Object.fromEntries(sharedSubpaths().map(({ request, source }) => [`${request}$`, source]));
}

/**
 * The federation `shared` map of one front end (docs/architecture.md, "Module federation").
 *
 * - Third-party singletons take their version and range from the front end's own package.json.
 * - `@ushirika/shared` is shared per subpath (`@ushirika/shared/session`, ...), with the package's explicit version
 *   (its dependency range is `workspace:*`, which is not semver). Only subpaths whose source exists are listed,
 *   so a subpath still being written does not break every build.
 *   - Stateful subpaths (session, i18n, api) are singletons the host provides; any host of the same major version
 *     will do.
 *   - The stateless kit (ui, validation, contract) is NOT a singleton: it is shared by range `^<version>`. A
 *     remote uses the host's copy when it satisfies the remote's range, else the fallback copy in its own build:
 *     a remote built against a newer minor kit runs in an older host. The kit imports the stateful subpaths by
 *     package name (never `../session`), so even a remote's own kit copy reaches the host's stores.
 * - In production builds the remotes take the third-party singletons and the stateful subpaths from the host only
 *   (`import: false`): a remote bundles none of React, antd, the router, react-intl, nor a second session or
 *   locale store. A remote's production build therefore runs only inside the host (its dev server builds with
 *   fallbacks, for the standalone shell).
 * - `antdPerComponent` (production builds): each antd component offered is a singleton of its own, `antd/es/table`…,
 *   which the host provides and a remote takes from it; a remote built so needs a host built so.
 * - The icon base (ICON_BASE) is a singleton the host provides, in every build.
 */
function sharedDependencies(packageJson, { consumeOnly = false, antdPerComponent = false } = {}) {
  const fromHostOnly = consumeOnly ? { import: false } : {};
  const dependencies = packageJson.dependencies ?? {};
  const shared = {};
  for (const library of SINGLETON_LIBRARIES) {
    const range = dependencies[library];
    if (!range) throw new Error(`${packageJson.name} must depend on ${library} (a federation singleton)`);
    shared[library] = { singleton: true, requiredVersion: range, strictVersion: false, ...providedFrom(library), ...fromHostOnly };
  }
  // The host provides each by its file: webpack provides a module named by a package request only when the build
  // itself imports it, and the host does not use every component a remote does (the Segmented, say).
  if (antdPerComponent) {
    const { requiredVersion, version } = shared.antd;
    for (const request of new Set(offeredAntdComponents().values())) {
      const file = require.resolve(request, { paths: [sharedPackageDir] });
      shared[request] = { singleton: true, requiredVersion, version, strictVersion: false, import: file, ...fromHostOnly };
    }
  }
  const iconsRange = dependencies['@ant-design/icons'];
  if (!iconsRange) throw new Error(`${packageJson.name} must depend on @ant-design/icons (its icon base is a federation singleton)`);
  const iconsDir = path.dirname(require.resolve('@ant-design/icons/package.json', { paths: [sharedPackageDir] }));
  shared[ICON_BASE] = {
    singleton: true,
    requiredVersion: iconsRange,
    version: require(path.join(iconsDir, 'package.json')).version,
    strictVersion: false,
    allowNodeModulesSuffixMatch: true,
    // The ES module (the package's `exports` would give require.resolve its CommonJS twin).
    import: path.join(iconsDir, 'es', 'components', 'AntdIconLight.js'),
    ...fromHostOnly,
  };
  const { version, dependencies: kitDependencies = {} } = readSharedPackage();
  for (const library of KIT_LIBRARIES) {
    const pinned = kitDependencies[library];
    if (!pinned) throw new Error(`${SHARED_PACKAGE} must depend on ${library} (KIT_LIBRARIES)`);
    shared[library] = { singleton: false, version: pinned, requiredVersion: `^${pinned}` };
  }
  const major = version.split('.')[0];
  for (const { subpath, request } of sharedSubpaths()) {
    if (NOT_SHARED.has(subpath)) continue;
    if (STATEFUL_SUBPATHS.has(subpath)) {
      shared[request] = { singleton: true, version, requiredVersion: `^${major}.0.0`, strictVersion: false, ...fromHostOnly };
    } else if (KIT_SUBPATHS.has(subpath)) {
      shared[request] = { singleton: false, version, requiredVersion: `^${version}` };
    } else {
      throw new Error(`${request}: say in tooling/shared-deps.cjs whether it holds state (host singleton) or is kit (by range)`);
    }
  }
  return shared;
}

module.exports = {
  sharedDependencies,
  sharedPackageAliases,
  sharedPackageDir,
  offeredAntdComponents,
  commonAntdRequests,
  SINGLETON_LIBRARIES,
  PROVIDED_FROM,
  ICON_BASE,
  ANTD_ON_DEMAND,
};
