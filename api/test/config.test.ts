import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';
import { DataDirLockedError, lockDataDir } from '../src/db/data-lock';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ushirika-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, SERVE_WEB: '0' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, dataDir, tokenTtlSeconds: 12 * 3600, webRoot: undefined });
  });

  it('puts the data folder in the repository, not the working directory, by default', () => {
    expect(REPO_ROOT).toBe(join(__dirname, '..', '..'));
  });

  it('generates a JWT secret once, readable only by its owner, and reuses it after a restart', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const file = join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('prefers JWT_SECRET and then writes nothing', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'given' }).jwtSecret).toBe('given');
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('refuses to start in production on PostgreSQL without JWT_SECRET', () => {
    const env = { DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/ushirika' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
  });

  it.each([
    ['90s', 90],
    ['30m', 1800],
    ['7d', 604800],
    ['3600', 3600],
  ])('reads TOKEN_TTL=%s as %i seconds', (value, seconds) => {
    expect(loadConfig({ DATA_DIR: dataDir, TOKEN_TTL: value }).tokenTtlSeconds).toBe(seconds);
  });

  it.each([
    ['TOKEN_TTL', 'forever'],
    ['TOKEN_TTL', '0'],
    ['PORT', 'http'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: value })).toThrow(ConfigError);
  });

  it('serves the front ends from WEB_ROOT unless SERVE_WEB=0', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WEB_ROOT: dataDir }).webRoot).toBe(dataDir);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_ROOT: dataDir, SERVE_WEB: '0' }).webRoot).toBeUndefined();
  });
});

describe('lockDataDir', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'ushirika-lock-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('lets one process hold the folder and refuses a second with a clear message', () => {
    const folder = join(parent, 'pglite');
    const release = lockDataDir(folder);
    const otherProcess = process.ppid; // alive, and not us
    writeFileSync(`${folder}.lock`, String(otherProcess));

    expect(() => lockDataDir(folder)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(folder)).toThrow(`in use by process ${otherProcess}`);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const folder = join(parent, 'pglite');
    writeFileSync(`${folder}.lock`, '999999999');
    const release = lockDataDir(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
