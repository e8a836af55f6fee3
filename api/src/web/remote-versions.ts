import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Which build of each business-area remote the browsers run (issue 14; docs/operations.md, "Remote versions").
 *
 * Every production build of a remote is a folder of its own, `remote-<area>/dist/<version>+<build>/`
 * (tooling/webpack.cjs), served at `/remotes/<area>/<version>+<build>/`, and never changes once written. The
 * pins file (REMOTES_FILE, `<DATA_DIR>/remotes.json` unless set) names, per area, the build it runs, or the
 * manifest path of a build published elsewhere on this origin (a CDN path); an area without a pin runs its newest build. The server
 * answers `/remotes.json` from both on every request, so a switch reaches running servers without a restart,
 * and a browser picks it up the next time it opens that area.
 */

/** The four business-area remotes, each served from `<root>/remote-<name>/dist` at `/remotes/<name>/`. */
export const REMOTE_NAMES = ['contacts', 'finance', 'meetings', 'messaging'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const isRemoteName = (value: string): value is RemoteName => (REMOTE_NAMES as readonly string[]).includes(value);

/**
 * A build folder's name: `<version>+<build>`, letters, digits, dots, dashes and one plus (tooling/webpack.cjs):
 * one path segment, and with its plus never `.` or `..`.
 */
const RELEASE = /^[0-9A-Za-z.-]{1,40}\+[0-9A-Za-z.-]{1,40}$/;
/**
 * A manifest published elsewhere on this origin (a CDN path in front of the same host name), ending in
 * mf-manifest.json. Another origin is refused: the content security policy runs scripts from 'self' only.
 */
const MANIFEST_URL = /^\/(?!\/)[A-Za-z0-9._~+/-]*\/mf-manifest\.json$/;
/**
 * Path segments a browser resolves away (`/remotes/finance/../meetings/…` is meetings' build) or that name no
 * folder (`//`): a pin never holds one, so it points where it reads. No %-escape passes MANIFEST_URL either.
 */
const MOVING_SEGMENT = /(^|\/)\.{1,2}(?=\/|$)|\/\//;

export const isRelease = (value: string): boolean => RELEASE.test(value);
export const isManifestUrl = (value: string): boolean => MANIFEST_URL.test(value) && value.length <= 500 && !MOVING_SEGMENT.test(value);

/** One build of a remote on this server, from its `build-info.json`. */
export interface RemoteBuild {
  release: string;
  version: string;
  builtAt: string;
}

/** Which build an area runs and why. */
export interface LiveRemote {
  area: RemoteName;
  /** The manifest URL the host loads the area from. */
  entry: string;
  /** `pinned`: named in the pins file; `newest`: the newest build here; `none`: no build at all (the area shows its error panel). */
  source: 'pinned' | 'newest' | 'none';
  /** The build folder, when the area runs one of this server's builds. */
  release?: string;
}

export type RemotePins = Partial<Record<RemoteName, string>>;

export class RemotePinsError extends Error {}

export const remoteDist = (webRoot: string, area: RemoteName): string => join(webRoot, `remote-${area}`, 'dist');

export const releaseManifestUrl = (area: RemoteName, release: string): string => `/remotes/${area}/${release}/mf-manifest.json`;

/** The builds of `area` under `webRoot`, newest first; a folder without its manifest or build info is not one. */
export function remoteBuilds(webRoot: string, area: RemoteName): RemoteBuild[] {
  const dist = remoteDist(webRoot, area);
  if (!existsSync(dist)) return [];
  const builds: RemoteBuild[] = [];
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    if (!isRelease(entry.name) || !(entry.isDirectory() || entry.isSymbolicLink())) continue;
    const folder = join(dist, entry.name);
    if (!existsSync(join(folder, 'mf-manifest.json'))) continue;
    const info = readBuildInfo(join(folder, 'build-info.json'));
    if (info) builds.push({ release: entry.name, version: info.version, builtAt: info.builtAt });
  }
  return builds.sort((a, b) => b.builtAt.localeCompare(a.builtAt) || b.release.localeCompare(a.release));
}

function readBuildInfo(file: string): { version: string; builtAt: string } | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; builtAt?: unknown };
    return typeof info.version === 'string' && typeof info.builtAt === 'string' ? { version: info.version, builtAt: info.builtAt } : undefined;
  } catch {
    return undefined;
  }
}

/** The pins file's contents; none when it does not exist. A file that is not a pins file is an error, never ignored. */
export function readPins(file: string): RemotePins {
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new RemotePinsError(`${file} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new RemotePinsError(`${file} is not a JSON object`);
  const pins: RemotePins = {};
  for (const [area, value] of Object.entries(parsed)) {
    if (!isRemoteName(area)) throw new RemotePinsError(`${file} names "${area}", which is not an area (${REMOTE_NAMES.join(', ')})`);
    if (typeof value !== 'string' || !(isRelease(value) || isManifestUrl(value))) {
      throw new RemotePinsError(
        `${file}: "${area}" must be a build such as 0.1.0+d0c6402d or a manifest path such as /cdn/remotes/${area}/0.1.0+d0c6402d/mf-manifest.json (without . or .. segments)`,
      );
    }
    pins[area] = value;
  }
  return pins;
}

/** Replaces the pins file whole (written beside it, then renamed): a server reading it never sees half a file. */
export function writePins(file: string, pins: RemotePins): void {
  const partial = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(partial, `${JSON.stringify(pins, null, 2)}\n`);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** What each area runs: its pin, else its newest build, else nothing. */
export function liveRemotes(webRoot: string, pins: RemotePins): LiveRemote[] {
  return REMOTE_NAMES.map((area): LiveRemote => {
    const pin = pins[area];
    if (pin !== undefined) {
      return isRelease(pin) ? { area, entry: releaseManifestUrl(area, pin), source: 'pinned', release: pin } : { area, entry: pin, source: 'pinned' };
    }
    const newest = remoteBuilds(webRoot, area)[0];
    // No build: the manifest URL of an unversioned build, which is missing, so the host shows the area's error panel.
    return newest
      ? { area, entry: releaseManifestUrl(area, newest.release), source: 'newest', release: newest.release }
      : { area, entry: `/remotes/${area}/mf-manifest.json`, source: 'none' };
  });
}

/** `/remotes.json` as the host reads it: each area's manifest URL. */
export function remoteMap(live: LiveRemote[]): Record<RemoteName, string> {
  return Object.fromEntries(live.map((remote) => [remote.area, remote.entry])) as Record<RemoteName, string>;
}

/**
 * What `pnpm remote:use <area> <choice>` pins: a build folder (`0.1.0+d0c6402d`), a version (its newest build),
 * a manifest URL, or `latest` (no pin: the area follows its newest build). Throws with the reason otherwise.
 */
export function resolveChoice(webRoot: string, area: RemoteName, choice: string): string | undefined {
  if (choice === 'latest') return undefined;
  if (isManifestUrl(choice)) return choice;
  if (choice.startsWith('/') && MOVING_SEGMENT.test(choice)) {
    throw new RemotePinsError(`${area}: a manifest path must not hold . or .. segments or //, got "${choice}"`);
  }
  const builds = remoteBuilds(webRoot, area);
  const build = builds.find((candidate) => candidate.release === choice) ?? builds.find((candidate) => candidate.version === choice);
  if (build) return build.release;
  const known = builds.map((candidate) => candidate.release).join(', ') || 'none';
  throw new RemotePinsError(
    `${area} has no build "${choice}" (builds here: ${known}); give a build, a version, a manifest path on this origin (/…/mf-manifest.json) or latest`,
  );
}
