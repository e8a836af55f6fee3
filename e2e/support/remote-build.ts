import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';

/** The workspace root (this file is e2e/support/remote-build.ts). */
export const workspace = resolve(__dirname, '..', '..');

/** A copy of the workspace folders one remote's build reads, in a temporary folder: edit it, then build it. */
export interface WorkspaceCopy {
  root: string;
  /**
   * Replaces `pattern` in those of `files` (paths relative to the copy) that exist; fails when nothing matched
   * in any of them, so a moved text fails loudly instead of testing nothing.
   */
  replace(files: string | string[], pattern: RegExp, replacement: string | ((match: string, ...groups: string[]) => string)): void;
  /** Changes the meetings remote's English 'Meeting Types' heading, in its catalogue or its resource description. */
  retitleMeetingTypes(title: string): void;
  /** Raises the minor version in a package.json of the copy (`shared/package.json`, `remote-meetings/package.json`). */
  bumpMinorVersion(packageJson: string): void;
  /** Runs the remote's production build in the copy and returns its build folder (`dist/<version>+<build>`). */
  build(): Promise<string>;
  remove(): void;
}

/**
 * Copies `shared/`, `tooling/`, the remote's folder and the base tsconfig into a temporary folder, beside links
 * to the installed node_modules; the repository's own tree is never touched. The copied tooling resolves
 * `@ushirika/shared/*` to the copied shared package (its `resolve.alias`, tooling/shared-deps.cjs), not to the one
 * the node_modules links point at.
 */
export function copyWorkspaceFor(remoteDir: string): WorkspaceCopy {
  const root = mkdtempSync(join(tmpdir(), 'ushirika-remote-'));
  const skip = (source: string) => !['node_modules', 'dist', 'test-results'].includes(basename(source));
  for (const folder of ['shared', 'tooling', remoteDir]) {
    cpSync(join(workspace, folder), join(root, folder), { recursive: true, filter: skip });
  }
  cpSync(join(workspace, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  for (const folder of ['', 'shared']) symlinkSync(join(workspace, folder, 'node_modules'), join(root, folder, 'node_modules'), 'dir');
  linkDependencies(join(workspace, remoteDir, 'node_modules'), join(root, remoteDir, 'node_modules'), join(root, 'shared'));
  const copy: WorkspaceCopy = {
    root,
    replace(files, pattern, replacement) {
      let matched = false;
      for (const file of [files].flat()) {
        const path = join(root, file);
        if (!existsSync(path)) continue;
        const text = readFileSync(path, 'utf8');
        const changed = text.replace(pattern, replacement as (match: string, ...groups: string[]) => string);
        if (changed !== text) writeFileSync(path, changed);
        matched ||= changed !== text;
      }
      if (!matched) throw new Error(`${[files].flat().join(', ')}: nothing matches ${pattern}`);
    },
    retitleMeetingTypes: (title) =>
      copy.replace(
        ['remote-meetings/src/messages/en.ts', 'remote-meetings/src/meeting-types/resource.ts'],
        /((?:'meetingTypes\.title'|\btitle):\s*)'Meeting Types'/,
        `$1'${title}'`,
      ),
    bumpMinorVersion: (packageJson) =>
      copy.replace(packageJson, /"version": "(\d+)\.(\d+)\.\d+"/, (_match, major, minor) => `"version": "${major}.${Number(minor) + 1}.0"`),
    build: () => buildRemote(join(root, remoteDir)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  return copy;
}

/**
 * The remote's own node_modules, rebuilt in the copy: links to the installed packages, except the workspace's
 * shared package, which links to the copy. A real folder, not a link to the repository's: the federation plugin
 * writes its generated entry into `<remote>/node_modules/.federation`.
 */
function linkDependencies(installed: string, target: string, sharedCopy: string, scope = ''): void {
  mkdirSync(target);
  for (const entry of readdirSync(installed)) {
    if (entry.startsWith('.')) continue;
    const name = scope ? `${scope}/${entry}` : entry;
    if (!scope && entry.startsWith('@')) linkDependencies(join(installed, entry), join(target, entry), sharedCopy, entry);
    else symlinkSync(name === '@ushirika/shared' ? sharedCopy : realpathSync(join(installed, entry)), join(target, entry), 'dir');
  }
}

/** The build folder a remote's production build wrote (`dist/<version>+<build>/`, tooling/webpack.cjs). */
function builtRelease(dist: string): string | undefined {
  const releases = existsSync(dist) ? readdirSync(dist).filter((name) => name.includes('+') && existsSync(join(dist, name, 'mf-manifest.json'))) : [];
  return releases.length === 1 ? join(dist, releases[0]!) : undefined;
}

function buildRemote(dir: string): Promise<string> {
  const webpack = join(workspace, 'node_modules', 'webpack', 'bin', 'webpack.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [webpack, '--mode', 'production'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      const release = code === 0 ? builtRelease(join(dir, 'dist')) : undefined;
      if (release) done(release);
      else fail(new Error(`The build in ${dir} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Makes the page load remote `name` from `dist` instead of the deployed build: `/remotes.json` as served, with
 * the remote's manifest moved to `/remotes-next/<name>/`, and every file under that folder answered from `dist`.
 * That is what deploying the remote alone looks like to a browser: the host is untouched.
 */
export async function serveRemoteFrom(page: Page, name: string, dist: string): Promise<void> {
  const folder = `/remotes-next/${name}/`;
  await page.route('**/remotes.json', async (route: Route) => {
    const response = await route.fetch();
    const remotes = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...remotes, [name]: `${folder}mf-manifest.json` } });
  });
  await page.route(`**${folder}**`, async (route: Route) => {
    const file = new URL(route.request().url()).pathname.slice(folder.length);
    const path = resolve(dist, file);
    if (!path.startsWith(dist) || !existsSync(path)) return route.fulfill({ status: 404, body: 'not found' });
    const extension = path.slice(path.lastIndexOf('.'));
    return route.fulfill({ status: 200, body: readFileSync(path), contentType: contentTypes[extension] ?? 'application/octet-stream' });
  });
}
