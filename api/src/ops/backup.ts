import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config';
import { describeTarget, openDatabase, targetFromConfig } from '../db/connection';
import { DataDirLockedError, lockDataDir } from '../db/data-lock';
import { ArchiveError, extractArchive } from './folder-archive';
import { controlSocketPath, requestServerBackup } from './control-socket';
import { ARCHIVE_FOLDER, BACKUP_MANIFEST, writePgliteBackup, type BackupManifest } from './pglite-snapshot';

/**
 * `pnpm ops backup` and `pnpm ops restore`: what they check and in which order, so that a backup file at
 * its final name is always whole (written under a temporary name, flushed, then renamed) and a restore
 * never replaces a database by surprise (--force) nor under a running server. PGlite backups are a copy of
 * the data folder (ops/pglite-snapshot.ts), taken by the running server when there is one
 * (ops/control-socket.ts), else here; PostgreSQL ones are pg_dump's. See "Backups" in docs/operations.md.
 */

/** An expected failure: the CLI prints its message as one line and exits 1. */
export class BackupError extends Error {}

export async function backup(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { to?: string }): Promise<string> {
  const target = targetFromConfig(config);
  if (target.kind === 'postgres') return postgresBackup(target.url, destination(config.dataDir, options.to, 'dump'));
  const pgliteDir = target.dataDir!;
  if (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0) {
    throw new BackupError(`There is no database in ${pgliteDir} to back up (check DATA_DIR)`);
  }
  const file = destination(config.dataDir, options.to, 'tar.gz');
  const size = await writeThenRename(file, async (partial) => {
    const socket = controlSocketPath(pgliteDir);
    const answer = await requestServerBackup(socket, partial).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EACCES' || error.code === 'EPERM') throw new BackupError(`No permission to use ${socket}: run pnpm ops backup as the server's user`);
      throw error;
    });
    if (answer !== 'no server') {
      if (!answer.ok) throw new BackupError(`The running server could not write the backup: ${answer.error}`);
      return 'from the running server';
    }
    const handle = await openDatabase(target).catch((error: unknown) => {
      if (error instanceof DataDirLockedError) {
        throw new BackupError(
          `${pgliteDir} is in use by process ${lockOwner(pgliteDir)}, which does not answer on ${controlSocketPath(pgliteDir)} ` +
            '(a server started before backups existed, or pnpm seed / pnpm ops): let it finish, or restart the server, then back up again',
        );
      }
      throw error;
    });
    try {
      await writePgliteBackup(handle.db, pgliteDir, partial);
    } finally {
      await handle.close();
    }
    return 'with the server stopped';
  });
  return `Backed up ${describeTarget(target)} ${size.how} to ${file} (${megabytes(size.bytes)}). Keep a copy off this machine.`;
}

export async function restore(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { from: string; force: boolean }): Promise<string> {
  const target = targetFromConfig(config);
  const from = resolve(options.from);
  if (target.kind === 'postgres') {
    throw new BackupError(
      `DATABASE_URL is set: restore a PostgreSQL backup with pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" ${from} (see docs/operations.md)`,
    );
  }
  if (!existsSync(from) || !statSync(from).isFile()) throw new BackupError(`There is no backup file ${from}`);
  const pgliteDir = target.dataDir!;

  let release: () => void;
  try {
    release = lockDataDir(pgliteDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The server (process ${lockOwner(pgliteDir)}) is running on ${pgliteDir}: stop it first, then restore (a restore replaces the folder it has open)`,
    );
  }
  const staging = `${pgliteDir}.restoring-${process.pid}`;
  try {
    const occupied = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
    if (occupied && !options.force) {
      throw new BackupError(`${pgliteDir} already holds a database: add --force to replace it (it is then kept aside, not deleted)`);
    }
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true, mode: 0o700 });
    try {
      await extractArchive(from, staging);
    } catch (error) {
      if (error instanceof ArchiveError) throw new BackupError(`${from} is not a usable backup: ${error.message}`);
      throw error;
    }
    await checkManifest(from, staging);
    // Opened before anything is replaced: a backup PGlite cannot start on never takes the place of a database.
    const partners = await countPartners(join(staging, ARCHIVE_FOLDER)).catch((error: unknown) => {
      throw new BackupError(`${from} does not open as a database: ${error instanceof Error ? error.message : String(error)}`);
    });

    let aside: string | undefined;
    if (occupied) {
      aside = `${pgliteDir}.before-restore-${timestamp()}`;
      await rename(pgliteDir, aside);
    } else if (existsSync(pgliteDir)) {
      await rmdir(pgliteDir);
    }
    try {
      await rename(join(staging, ARCHIVE_FOLDER), pgliteDir);
    } catch (error) {
      // The database it was to replace goes back where it was.
      if (aside) await rename(aside, pgliteDir);
      throw error;
    }
    const kept = aside ? ` The database it replaced is in ${aside}: delete it once you have checked the restore.` : '';
    return `Restored ${from} into ${pgliteDir} (partners: ${partners}). Start the server with pnpm start.${kept}`;
  } finally {
    await rm(staging, { recursive: true, force: true });
    release();
  }
}

async function checkManifest(from: string, staging: string): Promise<void> {
  const notOurs = new BackupError(`${from} is not a backup made by pnpm ops backup (no ${BACKUP_MANIFEST} in it)`);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(join(staging, BACKUP_MANIFEST), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw notOurs;
  }
  if (manifest.format !== 'ushirika-pglite-folder') throw notOurs;
  if (manifest.version !== 1) throw new BackupError(`${from} is a backup of format version ${String(manifest.version)}, which this version cannot read`);
  if (!existsSync(join(staging, ARCHIVE_FOLDER))) throw new BackupError(`${from} holds no ${ARCHIVE_FOLDER} folder`);
}

async function countPartners(pgliteDir: string): Promise<number> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    const { count } = await handle.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  } finally {
    await handle.close();
  }
}

/**
 * The backup file: --to (a file, or an existing folder to put a dated file in), else a dated file in
 * DATA_DIR/backups. Never an existing file.
 */
function destination(dataDir: string, to: string | undefined, extension: string): string {
  const named = `ushirika-${timestamp()}.${extension}`;
  let file = to === undefined ? join(dataDir, 'backups', named) : resolve(to);
  if (to !== undefined && existsSync(file) && statSync(file).isDirectory()) file = join(file, named);
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another --to (a backup never overwrites a file)`);
  return file;
}

/** Runs `write` on a temporary name beside `file` and renames it into place only when it succeeded. */
async function writeThenRename(file: string, write: (partial: string) => Promise<string>): Promise<{ how: string; bytes: number }> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const how = await write(partial);
    const { size } = await stat(partial);
    if (existsSync(file)) throw new BackupError(`${file} appeared while the backup was written: the backup is left out`);
    await rename(partial, file);
    return { how, bytes: size };
  } finally {
    await rm(partial, { force: true });
  }
}

/** pg_dump in its custom format (compressed, restored with pg_restore), the password passed outside argv. */
async function postgresBackup(url: string, file: string): Promise<string> {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  const { bytes } = await writeThenRename(file, async (partial) => {
    const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
    const args = ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${withoutPassword.toString()}`];
    await new Promise<void>((done, fail) => {
      const child = spawn('pg_dump', args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (error: NodeJS.ErrnoException) =>
        fail(
          error.code === 'ENOENT'
            ? new BackupError(
                'pg_dump is not on PATH: install the PostgreSQL client tools (same major version as the server), or run ' +
                  `pg_dump --format=custom --no-owner --file=${file} "$DATABASE_URL"`,
              )
            : error,
        ),
      );
      child.on('close', (code) =>
        code === 0
          ? done()
          : fail(
              new BackupError(
                `pg_dump failed (exit ${code}): ${stderr
                  .trim()
                  .split('\n')
                  .map((line) => line.trim())
                  .join(' ')}`,
              ),
            ),
      );
    });
    // It holds personal data: readable by its owner only, like the PGlite backups.
    await chmod(partial, 0o600);
    return 'with pg_dump';
  });
  return `Backed up PostgreSQL ${withoutPassword.host}${withoutPassword.pathname} with pg_dump to ${file} (${megabytes(bytes)}). Restore with pg_restore (docs/operations.md). Keep a copy off this machine.`;
}

function lockOwner(pgliteDir: string): string {
  try {
    return readFileSync(`${pgliteDir}.lock`, 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

/** 20261125-195100: sorts by date, safe in file names. */
function timestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*$/, '');
}

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
