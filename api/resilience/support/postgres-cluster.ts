import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './processes';

/**
 * A throwaway PostgreSQL cluster of the test's own (initdb in a temporary folder, a free port, trust
 * authentication on 127.0.0.1), so a test can stop and start PostgreSQL under a running server without
 * disturbing the shared one. initdb refuses to run as root: then the cluster belongs to the `postgres`
 * user and its commands run through `runuser`.
 */
export class PostgresCluster {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    private readonly port: number,
    private readonly asUser: string | undefined,
  ) {}

  /** Why no cluster can be made here (no PostgreSQL server binaries; root without a postgres user), or undefined. */
  static whyUnavailable(): string | undefined {
    if (!postgresBinaries()) return 'no PostgreSQL server binaries (initdb, pg_ctl) were found: set PG_BIN or install postgresql';
    if (process.getuid?.() === 0 && !userIds('postgres')) return 'running as root, and there is no postgres user to run initdb as';
    return undefined;
  }

  /** A new cluster, started, with an empty database `ushirika`. */
  static async create(): Promise<PostgresCluster> {
    const reason = PostgresCluster.whyUnavailable();
    if (reason) throw new Error(reason);
    const owner = process.getuid?.() === 0 ? userIds('postgres') : undefined;
    const dir = mkdtempSync(join(tmpdir(), 'ushirika-resilience-pg-'));
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const cluster = new PostgresCluster(postgresBinaries()!, dir, await freePort(), owner ? 'postgres' : undefined);
    cluster.run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    cluster.start();
    const client = new Client({ connectionString: cluster.url('postgres') });
    await client.connect();
    await client.query('create database ushirika');
    await client.end();
    return cluster;
  }

  url(database = 'ushirika'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts PostgreSQL and waits until it accepts connections. */
  start(): void {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off`;
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** `pg_ctl stop -m fast`: sessions are ended (their queries fail), new connections are refused. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', '-t', '60', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(command: string, args: string[]): void {
    const file = join(this.bin, command);
    const [program, programArgs] = this.asUser ? ['runuser', ['-u', this.asUser, '--', file, ...args]] : [file, args];
    execFileSync(program, programArgs, { stdio: 'pipe', cwd: this.dir });
  }
}

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`. */
function postgresBinaries(): string | undefined {
  const candidates = [process.env.PG_BIN];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((name) => /^\d+$/.test(name));
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debian, version, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config
  }
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

function userIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()));
    return uid && gid !== undefined ? { uid, gid: gid! } : undefined;
  } catch {
    return undefined;
  }
}
