import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workspace } from './remote-build';

const REMOTES = ['contacts', 'finance', 'meetings', 'messaging'];

/**
 * A web root of its own for one server: links to the workspace's built host and remotes, except that `area` has a
 * builds folder of its own (linking each build the workspace has), so a build published to it reaches that server
 * only, never the one the other end-to-end tests share.
 */
export function isolatedWebRoot(area: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'ushirika-webroot-'));
  mkdirSync(join(root, 'host'));
  symlinkSync(join(workspace, 'host', 'dist'), join(root, 'host', 'dist'), 'dir');
  for (const remote of REMOTES) {
    const folder = join(root, `remote-${remote}`);
    mkdirSync(folder);
    const builds = join(workspace, `remote-${remote}`, 'dist');
    if (remote !== area) {
      symlinkSync(builds, join(folder, 'dist'), 'dir');
      continue;
    }
    mkdirSync(join(folder, 'dist'));
    for (const build of readdirSync(builds)) symlinkSync(join(builds, build), join(folder, 'dist', build));
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Runs `pnpm remote:<command> …` as ops would, against the server whose WEB_ROOT and DATA_DIR are given. */
export function remoteCommand(command: 'list' | 'use' | 'publish', args: string[], env: { WEB_ROOT: string; DATA_DIR: string }): string {
  const result = spawnSync('pnpm', ['--silent', `remote:${command}`, ...args], { cwd: workspace, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pnpm remote:${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
