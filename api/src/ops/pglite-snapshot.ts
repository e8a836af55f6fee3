import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeArchive } from './folder-archive';

/**
 * The one way a PGlite backup is taken, by `pnpm ops backup` on a stopped server's folder and by the running
 * server for it (ops/control-socket.ts): the data folder copied while the database is held still.
 *
 * Why a copy of the folder rather than pg_dump: PGlite's WASM pg_dump (@electric-sql/pglite-tools) has no
 * release for our PGlite 0.5.16 (its peer is pinned to 0.5.8), needs the PGlite object (the server only has
 * Kysely) and talks on the server's one session without a lock, so its SETs and read-only transaction would
 * leak into the server's queries. The copy is what PGlite's own dumpDataDir() does, taken from the folder.
 *
 * Why it is consistent: PGlite is one session in this process, and Kysely hands its one connection to one
 * user at a time (the PGlite adapter supports no second connection). Holding that connection, no query
 * runs and nothing writes to the folder; CHECKPOINT first puts every committed change in the data files.
 * The server's requests wait for the seconds the copy takes.
 */

/** The name of the manifest at the top of every backup: how restore knows a backup from any .tar.gz. */
export const BACKUP_MANIFEST = 'ushirika-backup.json';
/** The folder the database is in, inside the archive: `tar xzf FILE -C DATA_DIR` gives DATA_DIR/pglite. */
export const ARCHIVE_FOLDER = 'pglite';

export interface BackupManifest {
  format: 'ushirika-pglite-folder';
  version: 1;
  createdAt: string;
}

/** Postgres's own marker files of a running server, which must not come back with a restore. */
const RUNTIME_FILES = ['postmaster.pid', 'postmaster.opts'];

/** Writes a backup of the PGlite database `db` (open on `pgliteDir`) to the new file `file`. */
export async function writePgliteBackup(db: Kysely<Database>, pgliteDir: string, file: string): Promise<void> {
  const manifest: BackupManifest = { format: 'ushirika-pglite-folder', version: 1, createdAt: new Date().toISOString() };
  await db.connection().execute(async (connection) => {
    await sql`CHECKPOINT`.execute(connection);
    await writeArchive({
      folder: pgliteDir,
      top: ARCHIVE_FOLDER,
      file,
      extra: [{ name: BACKUP_MANIFEST, content: Buffer.from(JSON.stringify(manifest) + '\n') }],
      skip: RUNTIME_FILES,
    });
  });
}
