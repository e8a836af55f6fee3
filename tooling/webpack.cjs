const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { FRONT_ENDS, API_DEV_TARGET, devRemoteMap } = require('./front-ends.cjs');
const { commonAntdRequests, offeredAntdComponents, sharedDependencies, sharedPackageAliases, sharedPackageDir, ICON_BASE } = require('./shared-deps.cjs');
const { antdGraph, chunkGroups, staticGraph } = require('./chunk-groups.cjs');

/**
 * The one webpack + module federation config every front end uses:
 *
 *   module.exports = require('../tooling/webpack.cjs').frontEndConfig(__dirname);
 *
 * - entry `src/index.ts` (an async import boundary in front of `src/bootstrap.tsx`), emitted as unhashed `main.js`;
 *   remotes also emit unhashed `remoteEntry.js` + `mf-manifest.json`; every other chunk is content-hashed.
 * - remotes expose `./routes` (`src/routes.tsx`) and use publicPath 'auto', so the same build is served from
 *   `/remotes/<name>/<version>+<build>/` in production (each build its own folder, `releaseFolder`) and from
 *   `http://localhost:<port>/` in dev.
 * - the host registers its remotes at run time (remotes.json), so it declares none here.
 * - dev servers proxy `/api` to the API; the host's dev server answers `/remotes.json` with the dev remotes.
 */
function frontEndConfig(packageDir) {
  const packageJson = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const app = FRONT_ENDS.find((candidate) => candidate.dir === path.basename(packageDir));
  if (!app) throw new Error(`${packageDir} is not one of the front ends in tooling/front-ends.cjs`);
  const isHost = app.name === 'host';

  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const sourceMaps = !production || process.env.SOURCE_MAPS === 'hidden';
    // The host's files, by what a screen needs together: its start, the common antd, the signed-in shell, and what a
    // form or a chart adds (chunk-groups.cjs).
    const groups =
      production && isHost
        ? chunkGroups([
            staticGraph('boot', path.join(packageDir, 'src', 'bootstrap.tsx')),
            antdGraph('antd', [...commonAntdRequests(), ICON_BASE]),
            staticGraph('shell', path.join(packageDir, 'src', 'app', 'SignedInRoutes.tsx')),
            antdGraph('antd-form', ['antd/es/form']),
            staticGraph('validation', path.join(sharedPackageDir, 'src', 'validation', 'index.ts')),
            staticGraph('forms', path.join(sharedPackageDir, 'src', 'forms', 'index.ts'), { withoutAntd: true }),
            staticGraph('charts', path.join(sharedPackageDir, 'src', 'charts', 'index.ts')),
          ])
        : undefined;
    return {
      mode: production ? 'production' : 'development',
      context: packageDir,
      entry: { main: './src/index.ts' },
      // Production publishes no source maps (they would hand out the full sources). SOURCE_MAPS=hidden writes them
      // beside the bundles without a reference, for decoding a stack trace; the server never serves a .map file.
      devtool: sourceMaps ? (production ? 'hidden-source-map' : 'eval-cheap-module-source-map') : false,
      output: {
        path: production && !isHost ? path.join(packageDir, 'dist', releaseFolder(packageJson.version)) : path.join(packageDir, 'dist'),
        // The host is an SPA with deep links (/contacts/groups/new): its assets load from the root.
        publicPath: isHost ? '/' : 'auto',
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // `@ushirika/shared/<subpath>` → the shared sources beside this tooling (also from inside shared itself).
        alias: sharedPackageAliases(),
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: [
              // Production: `import { Table } from 'antd'` becomes `import Table from 'antd/es/table'`, one shared
              // singleton per component (antd-imports-loader.cjs). Runs after TypeScript, which drops type-only names.
              ...(production ? [{ loader: require.resolve('./antd-imports-loader.cjs'), options: { modules: Object.fromEntries(offeredAntdComponents()) } }] : []),
              {
                loader: require.resolve('ts-loader'),
                // Type-checking is `tsc --noEmit` per package; the build only transpiles.
                options: { transpileOnly: true, compilerOptions: { noEmit: false, sourceMap: sourceMaps } },
              },
            ],
          },
          // antd runs in zero-runtime mode: its CSS writers are dropped from the bundle (antd-zero-runtime-loader.cjs).
          { test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?antd[\\/]es[\\/].+\.js$/, use: require.resolve('./antd-zero-runtime-loader.cjs') },
          // `import url from '…/file.css?url'`: the file is emitted as it is (hashed name) and the import is its address.
          { resourceQuery: /url/, type: 'asset/resource', generator: { filename: '[name].[contenthash:8][ext]' } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './routes': './src/routes.tsx' } }),
          shared: sharedDependencies(packageJson, { consumeOnly: production && !isHost, antdPerComponent: production }),
          // 'version-first' fetches every remote's manifest at start-up: one dead remote would blank the host.
          shareStrategy: 'loaded-first',
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          // The federation runtime without what these builds never run: the code for Node, and in a remote, which
          // loads no remote itself, the remote loading and its manifest snapshots (each remoteEntry.js 25 -> 18 KB).
          experiments: { optimization: isHost ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true } },
        }),
        ...(groups ? [groups.plugin] : []),
        buildInfoPlugin(app.name, packageJson.version),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: isHost ? 'Ushirika' : `Ushirika · ${app.name} (standalone)`,
          publicPath: '/',
        }),
        ...(isHost && fs.existsSync(path.join(packageDir, 'public')) ? [new CopyWebpackPlugin({ patterns: [{ from: 'public', to: '.' }] })] : []),
        ...(production ? precompressed() : []),
      ],
      // terser, not esbuild: only terser drops the functions left unreferenced inside a module, which is what makes
      // the antd-zero-runtime-loader pay (antd's chunk 284 -> 208 KB brotli; esbuild kept them: 268). Licences stay
      // in the files, as they were (`keptComment`). The host's files are grouped by moment (`groups` above).
      optimization: {
        minimizer: [new TerserPlugin({ extractComments: false, terserOptions: { format: { comments: keptComment } } })],
        ...(groups ? { splitChunks: { cacheGroups: groups.cacheGroups } } : {}),
      },
      performance: { hints: false },
      devServer: {
        port: app.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // Remotes are fetched from the host's origin (localhost:3000).
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        static: false,
        proxy: [{ context: ['/api'], target: API_DEV_TARGET, changeOrigin: true }],
        setupMiddlewares: isHost
          ? (middlewares) => [{ name: 'dev-remotes', path: '/remotes.json', middleware: (_req, res) => res.json(devRemoteMap()) }, ...middlewares]
          : undefined,
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
      },
    };
  };
}

/**
 * The comments terser keeps: licences, by its own default test (`@license`, `@preserve`, `/*!`…), but not the
 * picture of each icon that @ant-design/icons writes above it as a licence-style comment
 * (`/**![plus](data:image/svg+xml;base64,…)`): a few hundred bytes of base64 per icon that no browser reads, 7 KB
 * brotli of antd's chunk and as much again of the host's icons.
 */
function keptComment(_node, comment) {
  const text = comment.value;
  if (/^\**!\[[^\]]*\]\(data:/.test(text)) return false;
  return /@preserve|@lic|@cc_on|^\**!/i.test(text);
}

/**
 * A remote's production build goes to `dist/<version>+<build>/`: its package version and a build id, either the
 * build system's (BUILD_ID, e.g. a CI run number) or the first 8 characters of webpack's hash of the build, which
 * is the same for the same sources. Each build is a folder of its own that never changes once written, so the
 * server can offer several versions at once and ops switch an area between them (docs/operations.md, "Remote
 * versions"); a browser that still runs an older version keeps loading that version's chunks.
 */
function releaseFolder(version) {
  const buildId = process.env.BUILD_ID?.trim();
  if (buildId && !/^[0-9A-Za-z.-]{1,40}$/.test(buildId)) throw new Error(`BUILD_ID may hold letters, digits, dots and dashes only, got "${buildId}"`);
  return `${version}+${buildId || '[fullhash:8]'}`;
}

/**
 * A brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text asset over 1 KB, made once at
 * build time at the best ratio: the server sends them as they are (api/src/web/static.ts), no CPU per request.
 * A copy that saves less than a fifth is not written.
 */
function precompressed() {
  const zlib = require('node:zlib');
  const test = /\.(js|json|html|css|svg|txt)$/;
  const common = { test, threshold: 1024, minRatio: 0.8 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/**
 * Emits `build-info.json` (name, version, the release folder of a remote, build time) on every build: ops can see
 * what is deployed (`pnpm remote:list` reads it), and `pnpm start` compares its time with the sources to rebuild
 * only stale front ends (webpack leaves unchanged files untouched, so their times say nothing).
 */
function buildInfoPlugin(name, version) {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('BuildInfo', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'BuildInfo', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          const folder = path.basename(compilation.getPath(compiler.options.output.path));
          const info = { name, version, ...(folder === 'dist' ? {} : { release: folder }), builtAt: new Date().toISOString() };
          compilation.emitAsset('build-info.json', new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
        });
      });
    },
  };
}

module.exports = { frontEndConfig };
