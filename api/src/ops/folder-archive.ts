import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { create, extract, type ReadEntry } from 'tar';

/**
 * A folder as a gzipped tar file and back: the format of PGlite backups (ops/backup.ts), written and read
 * with node-tar (`tar`, the one npm itself uses). A standard .tar.gz can be listed or unpacked with any
 * `tar` when our code is not at hand. Only folders and regular files (all a PGlite data folder holds),
 * streamed both ways so a large database never sits in memory whole. Extraction refuses names that would
 * land outside the target folder, and links of any kind.
 */

export class ArchiveError extends Error {}

/** One extra file placed at the top of the archive (the backup's manifest). */
export interface ExtraFile {
  name: string;
  content: Buffer;
}

/**
 * Writes `folder` as `<top>/...` into a new gzipped tar at `file` (created with mode 0600, never over an
 * existing file) and flushes it to disk. Names in `skip` (relative to the folder) are left out.
 *
 * node-tar packs from one folder, so the extra files are written into a private staging folder that also
 * holds a link named `<top>` to `folder`, and the archive is packed from there, following that link.
 */
export async function writeArchive(options: { folder: string; top: string; file: string; extra?: ExtraFile[]; skip?: string[] }): Promise<void> {
  const extra = options.extra ?? [];
  const skip = new Set((options.skip ?? []).map((name) => `${options.top}/${name}`));
  const staging = await mkdtemp(join(tmpdir(), 'ushirika-archive-'));
  try {
    for (const file of extra) await writeFile(join(staging, file.name), file.content, { mode: 0o600 });
    await symlink(resolve(options.folder), join(staging, options.top), 'junction');
    let refused: ArchiveError | undefined;
    const pack = create(
      {
        cwd: staging,
        gzip: true,
        // The staging link is followed (a PGlite folder holds no links of its own), and uid, gid and
        // this machine's user names stay out of the archive.
        follow: true,
        portable: true,
        strict: true,
        filter: (path, stat) => {
          if (skip.has(path)) return false;
          if ('isFile' in stat && !stat.isFile() && !stat.isDirectory()) {
            refused ??= new ArchiveError(`${join(options.folder, path.slice(options.top.length + 1))} is neither a file nor a folder`);
          }
          return true;
        },
      },
      [...extra.map((file) => file.name), options.top],
    );
    try {
      await pipeline(pack, createWriteStream(options.file, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      // The caller holds the database still, so a file that changes size here means someone else wrote to it.
      const { code, path } = error as NodeJS.ErrnoException;
      if (code === 'EOF' && path) {
        throw new ArchiveError(`${join(options.folder, relative(join(staging, options.top), path))} changed while it was being copied`);
      }
      throw error;
    }
    if (refused) throw refused;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // On disk before anyone renames it into place or reports it written.
  const written = await open(options.file, 'r');
  try {
    await written.sync();
  } finally {
    await written.close();
  }
}

/**
 * Unpacks the gzipped tar `file` into the existing folder `into`. Throws ArchiveError when the file is not
 * a gzipped tar, is cut short, names a path outside `into`, or holds anything but folders and files.
 */
export async function extractArchive(file: string, into: string): Promise<void> {
  // node-tar also reads plain, brotli and zstd tars; a backup is always gzipped.
  const start = Buffer.alloc(2);
  const source = await open(file, 'r');
  try {
    await source.read(start, 0, 2, 0);
  } finally {
    await source.close();
  }
  if (start[0] !== 0x1f || start[1] !== 0x8b) throw new ArchiveError('it is not a gzipped tar file');

  let refused: ArchiveError | undefined;
  try {
    await extract({
      file,
      cwd: resolve(into),
      // Every warning is an error: a damaged or cut-short archive, and any entry node-tar will not write,
      // such as a path with '..' in it (preservePaths off, node-tar's default, refuses those and takes the
      // leading '/' off absolute ones) or one that would be written through a link.
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      filter: (path, entry) => {
        const { type, mode } = entry as ReadEntry;
        // Links (which could point outside `into`) and devices are never in a backup.
        if (type !== 'Directory' && type !== 'File' && type !== 'OldFile') {
          refused ??= new ArchiveError(`it holds an entry of a kind a backup never has (${path})`);
          return false;
        }
        // For the owner only, as the data folder the backup was taken of.
        entry.mode = type === 'Directory' ? 0o700 : ((mode ?? 0) & 0o700) | 0o600;
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const { code, tarCode, message } = error as NodeJS.ErrnoException & { tarCode?: string };
    const why = message.replace(/^TAR_\w+: /, '');
    if (code?.startsWith('Z_') || tarCode === 'TAR_BAD_ARCHIVE' || tarCode === 'TAR_ENTRY_INVALID') {
      throw new ArchiveError(`it is not a gzipped tar file, or it is damaged or cut short (${why})`);
    }
    // Any other warning of node-tar's (made an error by strict): a '..' or absolute path, a path through a link.
    if (tarCode) throw new ArchiveError(`it holds an entry that cannot be unpacked safely (${why})`);
    throw error;
  }
  if (refused) throw refused;
}
