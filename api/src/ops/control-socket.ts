import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { dirname, isAbsolute, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseTarget } from '../db/connection';
import type { Database } from '../db/schema';
import { writePgliteBackup } from './pglite-snapshot';

/**
 * The running server's door for `pnpm ops backup`. A PGlite folder serves one process (db/data-lock.ts), so
 * while the server runs only the server can copy its database consistently: it listens on a Unix socket in
 * DATA_DIR (mode 0600: only the server's own user, or root, may ask) and answers one request, "back up to
 * this new file", by taking the backup from its open database (ops/pglite-snapshot.ts). One JSON line each
 * way. No socket for PostgreSQL (pg_dump does that) nor for PGlite in memory.
 */

export interface ControlSocket {
  /** Where it listens; undefined when there is none. */
  path: string | undefined;
  close(): Promise<void>;
}

export interface BackupRequest {
  command: 'backup';
  /** An absolute path that does not exist yet: the server creates the file, mode 0600. */
  file: string;
}

export type ControlAnswer = { ok: true } | { ok: false; error: string };

/** Requests are one short line; anything longer is not ours. */
const MAX_REQUEST_BYTES = 8192;

/** DATA_DIR/ops.sock for the PGlite folder DATA_DIR/pglite. */
export function controlSocketPath(pgliteDir: string): string {
  return join(dirname(pgliteDir), 'ops.sock');
}

/**
 * Starts listening once the server holds its database. A socket file left by a server that died is
 * replaced: the data lock, taken before this, proves no other server runs on the folder.
 */
export async function startControlSocket(options: {
  db: Kysely<Database>;
  target: DatabaseTarget;
  log: { info(message: string): void; warn(message: string): void };
}): Promise<ControlSocket> {
  const { db, target, log } = options;
  if (target.kind !== 'pglite' || !target.dataDir) return { path: undefined, close: async () => undefined };
  const pgliteDir = target.dataDir;
  const path = controlSocketPath(pgliteDir);
  rmSync(path, { force: true });

  const server = createServer((socket) => {
    readLine(socket, (line) => {
      void answer(line).then((reply) => socket.end(JSON.stringify(reply) + '\n'));
    });
  });
  const answer = async (line: string | undefined): Promise<ControlAnswer> => {
    const request = parseRequest(line);
    if (typeof request === 'string') return { ok: false, error: request };
    const started = Date.now();
    try {
      await writePgliteBackup(db, pgliteDir, request.file);
      log.info(`Backup written for pnpm ops backup in ${Date.now() - started} ms`);
      return { ok: true };
    } catch (error) {
      rmSync(request.file, { force: true });
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`Backup for pnpm ops backup failed: ${message}`);
      return { ok: false, error: message };
    }
  };

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
  } catch (error) {
    // A backup then needs the server stopped; the server itself runs on.
    log.warn(`No control socket for pnpm ops backup at ${path}: ${error instanceof Error ? error.message : String(error)}`);
    server.close();
    return { path: undefined, close: async () => undefined };
  }
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        });
      }),
  };
}

function parseRequest(line: string | undefined): BackupRequest | string {
  if (line === undefined) return 'The request is not one line of JSON';
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return 'The request is not one line of JSON';
  }
  const { command, file } = (request ?? {}) as Partial<BackupRequest>;
  if (command !== 'backup') return `Unknown request "${String(command)}"`;
  if (typeof file !== 'string' || !isAbsolute(file)) return 'The backup file must be an absolute path';
  return { command, file };
}

/** Calls back once with the first line on the socket (undefined when it is too long or never comes). */
function readLine(socket: Socket, onLine: (line: string | undefined) => void): void {
  let received = '';
  let done = false;
  const finish = (line: string | undefined) => {
    if (done) return;
    done = true;
    socket.removeAllListeners('data');
    onLine(line);
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    const end = received.indexOf('\n');
    if (end >= 0) finish(received.slice(0, end));
    else if (received.length > MAX_REQUEST_BYTES) finish(undefined);
  });
  socket.on('end', () => finish(undefined));
  socket.on('error', () => {
    done = true;
  });
}

/**
 * Asks the server listening on `path` for a backup into `file`. Answers 'no server' when none listens
 * there (no socket file, or one left by a server that stopped).
 */
export function requestServerBackup(path: string, file: string): Promise<ControlAnswer | 'no server'> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let answered = false;
    socket.on('connect', () => socket.write(JSON.stringify({ command: 'backup', file } satisfies BackupRequest) + '\n'));
    readLine(socket, (line) => {
      answered = true;
      try {
        resolve(JSON.parse(line ?? '') as ControlAnswer);
      } catch {
        resolve({ ok: false, error: 'the server closed the control socket without an answer' });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve('no server');
      else reject(error);
    });
  });
}
