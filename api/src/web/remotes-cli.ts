import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { exitWithError } from '../boot';
import { ConfigError, loadConfig } from '../config';
import {
  isRelease,
  isRemoteName,
  liveRemotes,
  readPins,
  REMOTE_NAMES,
  remoteBuilds,
  remoteDist,
  RemotePinsError,
  resolveChoice,
  writePins,
  type RemoteName,
} from './remote-versions';

const USAGE = `Usage:
  pnpm remote:list
      What each area runs (pinned, or its newest build) and every build of it this server has.
  pnpm remote:use <area> <build | version | manifest path | latest>
      Switches one area for every running server, without a rebuild or a restart: browsers load the new
      build the next time they open the area. A version (0.1.0) means its newest build; latest removes the
      pin, so the area follows its newest build.
  pnpm remote:publish <area> <build folder>
      Copies a build made elsewhere (remote-<area>/dist/<version>+<build> of another checkout) into this
      server's builds, where remote:use can choose it. It does not switch the area.

Areas: ${REMOTE_NAMES.join(', ')}. The builds are under WEB_ROOT (this checkout unless set), the pins in
REMOTES_FILE (<DATA_DIR>/remotes.json unless set). See docs/operations.md, "Remote versions".`;

class UsageError extends Error {}

/** The paths the server uses, from the same environment (config.ts). */
function paths(): { webRoot: string; remotesFile: string } {
  const config = loadConfig();
  if (!config.webRoot) throw new ConfigError('No built front ends here: run `pnpm build`, or set WEB_ROOT to the folder holding host/dist');
  return { webRoot: config.webRoot, remotesFile: config.remotesFile };
}

function area(value: string | undefined): RemoteName {
  if (value === undefined || !isRemoteName(value)) throw new UsageError(`Name an area: ${REMOTE_NAMES.join(', ')}`);
  return value;
}

function list(): string {
  const { webRoot, remotesFile } = paths();
  const lines: string[] = [];
  for (const live of liveRemotes(webRoot, readPins(remotesFile))) {
    const why = live.source === 'pinned' ? 'pinned' : live.source === 'newest' ? 'newest build' : 'no build';
    lines.push(`${live.area}: ${live.release ?? live.entry} (${why})`);
    for (const build of remoteBuilds(webRoot, live.area)) {
      lines.push(`  ${build.release === live.release ? '*' : ' '} ${build.release.padEnd(28)} built ${build.builtAt}`);
    }
  }
  return lines.join('\n');
}

function use(name: string | undefined, choice: string | undefined): string {
  const target = area(name);
  if (!choice) throw new UsageError('Name the build, version, manifest path or latest to use');
  const { webRoot, remotesFile } = paths();
  const pins = readPins(remotesFile);
  const pin = resolveChoice(webRoot, target, choice);
  if (pin === undefined) delete pins[target];
  else pins[target] = pin;
  mkdirSync(resolve(remotesFile, '..'), { recursive: true });
  writePins(remotesFile, pins);
  const now = liveRemotes(webRoot, pins).find((live) => live.area === target)!;
  return `${target} now runs ${now.release ?? now.entry}${pin === undefined ? ' (its newest build)' : ''}; open browsers switch the next time they open it`;
}

/** Copies the folder beside the builds under a temporary name, then renames it: never half a build on show. */
function publish(name: string | undefined, folder: string | undefined): string {
  const target = area(name);
  if (!folder) throw new UsageError('Name the build folder to publish');
  const source = resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  const release = basename(source);
  if (!isRelease(release)) throw new UsageError(`${source} is not a build folder (named <version>+<build>, e.g. 0.1.0+d0c6402d)`);
  const manifest = join(source, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new UsageError(`${source} has no mf-manifest.json`);
  const built = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
  if (built !== target) throw new UsageError(`${source} is a build of ${built ?? 'an unknown remote'}, not of ${target}`);
  const dist = remoteDist(paths().webRoot, target);
  const destination = join(dist, release);
  if (existsSync(destination)) return `${target} already has ${release}`;
  const partial = join(dist, `.${release}.partial`);
  rmSync(partial, { recursive: true, force: true });
  cpSync(source, partial, { recursive: true });
  renameSync(partial, destination);
  return `Published ${target} ${release}; switch to it with: pnpm remote:use ${target} ${release}`;
}

function main(): void {
  const [command, ...args] = process.argv.slice(2);
  try {
    if (command === 'list') console.log(list());
    else if (command === 'use') console.log(use(args[0], args[1]));
    else if (command === 'publish') console.log(publish(args[0], args[1]));
    else throw new UsageError(command === undefined || command === '--help' ? '' : `Unknown command "${command}"`);
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) console.error(`Error: ${error.message}\n`);
      console.error(USAGE);
      process.exit(error.message ? 2 : 0);
    }
    if (error instanceof RemotePinsError) exitWithError(new ConfigError(error.message));
    exitWithError(error);
  }
}

main();
