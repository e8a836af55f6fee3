import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openMigratedDatabase } from '../src/boot';
import { createTempDatabase } from '../src/db/temp-database';
import { createPartner } from '../src/partners/queries';
import { writeMigratedPglite } from './support/databases';

/**
 * `pnpm ops backup` / `pnpm ops restore` as an operator runs them: the CLI spawned as a real process on a temp
 * DATA_DIR, once with the server stopped and once while a server process holds the folder (and writes to it),
 * each backup restored into a fresh folder and opened to find the partner and contacts written before it.
 */

const API = resolve(__dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'ushirika-backup-'));
const PARTNER = 'Backup Test Chama';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of every child: PGlite in the given DATA_DIR, never CI's DATABASE_URL. */
function childEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return env;
}

function ops(dataDir: string, ...args: string[]): Promise<Run> {
  return run(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', ...args], childEnv(dataDir));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: API, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A failed command says what went wrong in one line. */
function expectOneErrorLine(run: Run, text: string): void {
  expect(run.code).toBe(1);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Error: /);
  expect(lines[0]).toContain(text);
}

/**
 * Stands in for `pnpm start`: holds the database the way the server does, opens the control socket the
 * server opens, adds a contact, then keeps writing contacts (as a busy server would) until SIGTERM.
 */
const SERVER_SCRIPT = `
import { openMigratedDatabase } from ${JSON.stringify(join(API, 'src/boot'))};
import { startControlSocket } from ${JSON.stringify(join(API, 'src/ops/control-socket'))};

async function main() {
  const handle = await openMigratedDatabase({ databaseUrl: undefined, dataDir: process.env.DATA_DIR! });
  const control = await startControlSocket({ db: handle.db, target: handle.target, log: console });
  const tenantId = Number(process.env.TENANT_ID);
  const contact = (first: string, last: string, phone: string) =>
    handle.db.insertInto('members').values({ tenant_id: tenantId, first_name: first, last_name: last, gender: 'M', phone, residence: 'Kisumu' }).execute();
  await contact('Otieno', 'Okoth', '+254711000002');
  let stopping = false;
  let n = 0;
  const busy = (async () => {
    while (!stopping) {
      n += 1;
      await contact('Busy', String(n), '+2547330' + String(n).padStart(5, '0'));
      await new Promise((wait) => setTimeout(wait, 5));
    }
  })();
  process.once('SIGTERM', async () => {
    stopping = true;
    await busy;
    await control.close();
    await handle.close();
    process.exit(0);
  });
  console.log('ready ' + control.path);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

function startServer(dataDir: string, tenantId: number): Promise<ChildProcessWithoutNullStreams> {
  const script = join(root, 'server.ts');
  writeFileSync(script, SERVER_SCRIPT);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: API, env: { ...childEnv(dataDir), TENANT_ID: String(tenantId) } });
  return new Promise((done, fail) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready ')) done(child);
    });
    child.on('close', (code) => fail(new Error(`the server process ended (${code}) before it was ready: ${output}`)));
  });
}

function stopServer(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((done) => {
    child.removeAllListeners('close');
    child.on('close', done);
    child.kill('SIGTERM');
  });
}

/** The contacts and the stored contact count of the one partner in the PGlite database in DATA_DIR `dataDir`. */
async function readBack(dataDir: string): Promise<{ partners: string[]; contacts: string[]; counted: number }> {
  const handle = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
  try {
    const partners = await handle.db.selectFrom('partners').select('name').execute();
    const members = await handle.db.selectFrom('members').select(['first_name', 'last_name']).orderBy('id').execute();
    const counts = await handle.db.selectFrom('member_counts').select('total').execute();
    return {
      partners: partners.map((p) => p.name),
      contacts: members.map((m) => `${m.first_name} ${m.last_name}`),
      counted: counts.reduce((sum, c) => sum + Number(c.total), 0),
    };
  } finally {
    await handle.close();
  }
}

const live = join(root, 'live');
const stoppedBackup = join(root, 'stopped.tar.gz');
let runningBackup: string;
let tenantId: number;

beforeAll(async () => {
  // The run's migrated database, copied in: what the server's first start leaves, without its initdb (seconds).
  await writeMigratedPglite(join(live, 'pglite'));
  const handle = await openMigratedDatabase({ databaseUrl: undefined, dataDir: live });
  try {
    tenantId = await createPartner(handle.db, { name: PARTNER, product: 'general', smsUnits: 5 });
    await handle.db
      .insertInto('members')
      .values({ tenant_id: tenantId, first_name: 'Wanjiru', last_name: 'Kamau', gender: 'F', phone: '+254711000001', residence: 'Nakuru' })
      .execute();
  } finally {
    await handle.close();
  }
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('pnpm ops backup and restore (PGlite)', () => {
  it('backs up a stopped server and a running one, and each backup restores into a fresh folder with its data', async () => {
    const stopped = await ops(live, 'backup', '--to', stoppedBackup);
    expect(stopped).toMatchObject({ code: 0, stdout: expect.stringContaining('with the server stopped') });
    expect(existsSync(stoppedBackup)).toBe(true);

    const server = await startServer(live, tenantId);
    let running: Run;
    let restoreWhileRunning: Run;
    try {
      running = await ops(live, 'backup');
      restoreWhileRunning = await ops(live, 'restore', '--from', stoppedBackup, '--force');
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    expect(running).toMatchObject({ code: 0, stdout: expect.stringContaining('from the running server') });
    expectOneErrorLine(restoreWhileRunning, 'stop it first');
    // The default place, and nothing half-written left beside the backups.
    const backups = readdirSync(join(live, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/^ushirika-\d{8}-\d{6}\.tar\.gz$/)]);
    runningBackup = join(live, 'backups', backups[0]!);
    expect(readdirSync(root).filter((name) => name.includes('.partial'))).toEqual([]);

    const fromStopped = join(root, 'restored-stopped');
    expect(await ops(fromStopped, 'restore', '--from', stoppedBackup)).toMatchObject({ code: 0, stdout: expect.stringContaining('(partners: 1)') });
    expect(await readBack(fromStopped)).toEqual({ partners: [PARTNER], contacts: ['Wanjiru Kamau'], counted: 1 });

    const fromRunning = join(root, 'restored-running');
    expect((await ops(fromRunning, 'restore', '--from', runningBackup)).code).toBe(0);
    const restored = await readBack(fromRunning);
    expect(restored.partners).toEqual([PARTNER]);
    expect(restored.contacts.slice(0, 2)).toEqual(['Wanjiru Kamau', 'Otieno Okoth']);
    // Taken between two of the server's writes: the contacts and the count the triggers keep agree.
    expect(restored.counted).toBe(restored.contacts.length);
  }, 240_000);

  it('refuses to replace a database without --force, and keeps the replaced one aside with it', async () => {
    const target = join(root, 'occupied');
    expect((await ops(target, 'restore', '--from', stoppedBackup)).code).toBe(0);
    const handle = await openMigratedDatabase({ databaseUrl: undefined, dataDir: target });
    await createPartner(handle.db, { name: 'Written After The Restore', product: 'general', smsUnits: 0 });
    await handle.close();

    expectOneErrorLine(await ops(target, 'restore', '--from', stoppedBackup), 'add --force');
    expect((await readBack(target)).partners).toEqual([PARTNER, 'Written After The Restore']);

    const forced = await ops(target, 'restore', '--from', stoppedBackup, '--force');
    expect(forced).toMatchObject({ code: 0, stdout: expect.stringContaining('before-restore-') });
    expect((await readBack(target)).partners).toEqual([PARTNER]);
    expect(readdirSync(target).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);
  }, 240_000);

  it('says in one line what is wrong with a backup command', async () => {
    const notABackup = join(root, 'notes.tar.gz');
    writeFileSync(notABackup, 'not a backup');
    const empty = join(root, 'empty');
    mkdirSync(empty);

    expectOneErrorLine(await ops(empty, 'restore', '--from', notABackup), 'is not a usable backup');
    expectOneErrorLine(await ops(empty, 'restore', '--from', join(root, 'missing.tar.gz')), 'There is no backup file');
    expectOneErrorLine(await ops(empty, 'backup'), 'There is no database');
    expectOneErrorLine(await ops(live, 'backup', '--to', stoppedBackup), 'already exists');
    // Nothing of a database was left behind by the failed restores (loadConfig keeps its jwt-secret there).
    expect(readdirSync(empty).filter((name) => name.startsWith('pglite'))).toEqual([]);
  }, 120_000);
});

/** CI sets DATABASE_URL (and has the PostgreSQL client tools): there `pnpm ops backup` runs pg_dump. */
(process.env.DATABASE_URL ? describe : describe.skip)('pnpm ops backup (PostgreSQL)', () => {
  it('writes a pg_dump file that pg_restore puts back into an empty database with the data', async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const source = await createTempDatabase(serverUrl, 'ushirika_test');
    const copy = await createTempDatabase(serverUrl, 'ushirika_test');
    try {
      const handle = await openMigratedDatabase({ databaseUrl: source.url, dataDir: root });
      await createPartner(handle.db, { name: PARTNER, product: 'general', smsUnits: 0 });
      await handle.close();

      const file = join(root, 'postgres.dump');
      const backedUp = await run(process.execPath, ['--import', 'tsx', 'src/ops/cli.ts', 'backup', '--to', file], { ...childEnv(root), DATABASE_URL: source.url });
      expect(backedUp).toMatchObject({ code: 0, stdout: expect.stringContaining('with pg_dump') });
      const password = new URL(source.url).password;
      if (password) expect(backedUp.stdout + backedUp.stderr).not.toContain(password);
      // What docs/operations.md tells an operator to run.
      expect(await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${copy.url}`, file], process.env)).toMatchObject({ code: 0 });

      const restored = await openMigratedDatabase({ databaseUrl: copy.url, dataDir: root });
      try {
        expect((await restored.db.selectFrom('partners').select('name').execute()).map((p) => p.name)).toEqual([PARTNER]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.drop();
      await copy.drop();
    }
  }, 120_000);
});
