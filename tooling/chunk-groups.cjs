const path = require('node:path');

/**
 * Named files for the host's production build, by what a screen needs together (docs/architecture.md, "Weight").
 *
 * Left to webpack's defaults, each shared module (React, the router, react-intl, the session store, each antd
 * component…) is a file of its own, and what two of them share another: the login screen downloaded 20 files and a
 * list screen 30, each with its ~1 KB of response headers, and helpers too small to split were copied into
 * several. Each group here gathers into one file what one moment of a visit needs:
 *
 * - `boot`: what the first screen of any address needs before it draws (React, the router, the texts, the session
 *   store, the API client, the login screen): everything `src/bootstrap.tsx` imports, the shared modules
 *   included, without what it loads lazily.
 * - `antd`: the antd components every signed-in screen shows (the shell's, the kit's, a list's) and the icon base;
 *   the on-demand ones (shared-deps.cjs, ANTD_ON_DEMAND: the form and its fields…) keep files of their own, loaded
 *   by the screens that show them.
 * - `shell`: the shell and the kit behind the login (`src/app/SignedInRoutes.tsx`), the shared modules
 *   included, without antd and without what it loads lazily (dashboards, forms, areas).
 * - what a form adds, in three files: antd's Form (`antd-form`, which some list screens also show), the validation
 *   kit with libphonenumber's metadata (`validation`), and the forms kit with formik (`forms`); the fields' antd
 *   components (InputNumber, Upload) keep files of their own, which a list screen may load alone.
 * - `charts`: the kit's charts with Chart.js, for the screens that draw one.
 *
 * A module goes to the first group, in that order, that reaches it; reachability is read from webpack's module
 * graph once per build (`plugin`), following static imports and, for a shared module, the host's own copy of it.
 */
function chunkGroups(groups) {
  /** Per module graph (one per compilation): the name of the group each reached module belongs to. */
  const groupByGraph = new WeakMap();

  const plugin = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('ChunkGroups', (compilation) => {
        compilation.hooks.finishModules.tap('ChunkGroups', (modules) => {
          const { moduleGraph } = compilation;
          const groupOf = new Map();
          for (const group of groups) {
            const queue = [...modules].filter((module) => module.resource && group.entry(normalised(module.resource)));
            const seen = new Set();
            while (queue.length > 0) {
              const current = queue.pop();
              if (seen.has(current)) continue;
              seen.add(current);
              if (current.resource && !groupOf.has(current)) groupOf.set(current, group.name);
              for (const connection of moduleGraph.getOutgoingConnections(current)) {
                const next = connection.module;
                if (!next || seen.has(next)) continue;
                if (!group.follow(current, next, isStatic(moduleGraph, current, connection))) continue;
                queue.push(next);
              }
            }
          }
          groupByGraph.set(moduleGraph, groupOf);
        });
      });
    },
  };

  const cacheGroups = Object.fromEntries(
    groups.map((group, index) => [
      group.name,
      {
        test: (module, { moduleGraph }) => groupByGraph.get(moduleGraph)?.get(module) === group.name,
        name: group.name,
        chunks: 'all',
        enforce: true,
        priority: 100 - index,
      },
    ]),
  );
  return { plugin, cacheGroups };
}

/** Whether `connection` is a static import of `module`'s (not an `import()`, whose target loads later). */
function isStatic(moduleGraph, module, connection) {
  return !connection.dependency || moduleGraph.getParentBlock(connection.dependency) === module;
}

const normalised = (resource) => resource.split(path.sep).join('/');
const inNodeModules = (module) => Boolean(module.resource) && normalised(module.resource).includes('/node_modules/');
const isConsumeShared = (module) => module.type === 'consume-shared-module';
/**
 * React's own packages: shared singletons, except `react-dom/client`, which antd imports by that path and which the
 * host's start-up needs before any antd (the login screen loads no antd).
 */
const REACT_PACKAGES = /\/node_modules\/(react|react-dom|scheduler)\//;

/**
 * What the module `file` needs before it runs: its static imports, and through a shared module to the host's own
 * copy of it (a consume module's fallback, loaded as the import is), never into an `import()`. With `withoutAntd`,
 * not into antd's components either: they keep their own files (a list screen may show the InputNumber a form uses).
 */
function staticGraph(name, file, { withoutAntd = false } = {}) {
  const entry = normalised(file);
  return {
    name,
    entry: (resource) => resource === entry,
    follow: (from, to, isStaticImport) => (isStaticImport || isConsumeShared(from)) && !(withoutAntd && isAntdComponent(to)),
  };
}

/** A shared antd component as a screen imports it (`antd/es/upload`…, tooling/antd-imports-loader.cjs). */
const isAntdComponent = (module) => isConsumeShared(module) && /^antd(\/|$)/.test(module.options?.shareKey ?? '');

/**
 * What the antd modules `requests` (`antd/es/table`…, the icon base) reach: their own modules and antd's helpers,
 * within node_modules, stopping at shared modules (React, the icon base as an icon imports it) and React's packages.
 */
function antdGraph(name, requests) {
  return {
    name,
    entry: (resource) => requests.some((request) => isModuleOf(resource, request)),
    follow: (_from, to) => inNodeModules(to) && !isConsumeShared(to) && !REACT_PACKAGES.test(normalised(to.resource)),
  };
}

/** Whether `resource` (a file, with forward slashes) is the module `request` (`antd/es/table`) resolves to. */
function isModuleOf(resource, request) {
  return resource.endsWith(`/node_modules/${request}/index.js`) || resource.endsWith(`/node_modules/${request}.js`);
}

module.exports = { chunkGroups, staticGraph, antdGraph, isModuleOf };
