import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config';

/** `pnpm remote:list|use|publish` (api/src/web/remotes-cli.ts) as ops run it, on a web root of builds made up here. */
const root = mkdtempSync(join(tmpdir(), 'ushirika-remotes-cli-'));
const webRoot = join(root, 'web');
const dataDir = join(root, 'data');
const elsewhere = join(root, 'build-machine');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function build(folder: string, name: string, version: string, builtAt: string) {
  const files = {
    'mf-manifest.json': JSON.stringify({ name }),
    'remoteEntry.js': `var ${name};`,
    'build-info.json': JSON.stringify({ name, version, builtAt }),
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, file), content);
  }
}
mkdirSync(join(webRoot, 'host', 'dist'), { recursive: true });
writeFileSync(join(webRoot, 'host', 'dist', 'index.html'), '<!doctype html>');
build(join(webRoot, 'remote-meetings', 'dist', '0.1.0+aaaa1111'), 'meetings', '0.1.0', '2026-11-01T08:00:00Z');
build(join(webRoot, 'remote-meetings', 'dist', '0.1.0+bbbb2222'), 'meetings', '0.1.0', '2026-11-02T08:00:00Z');
build(join(elsewhere, '0.2.0+cccc3333'), 'meetings', '0.2.0', '2026-11-03T08:00:00Z');
build(join(elsewhere, '0.5.0+dddd4444'), 'finance', '0.5.0', '2026-11-03T08:00:00Z');

function remote(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'api', 'src', 'web', 'remotes-cli.ts'), ...args], {
    env: { ...process.env, WEB_ROOT: webRoot, DATA_DIR: dataDir, INIT_CWD: root, NODE_ENV: 'test' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}
const pins = () => JSON.parse(readFileSync(join(dataDir, 'remotes.json'), 'utf8')) as Record<string, string>;

describe('pnpm remote:*', () => {
  it('lists what each area runs and its builds, newest first', () => {
    const { code, out } = remote('list');
    expect(code).toBe(0);
    expect(out).toContain('meetings: 0.1.0+bbbb2222 (newest build)');
    expect(out.indexOf('0.1.0+bbbb2222')).toBeLessThan(out.indexOf('0.1.0+aaaa1111'));
    expect(out).toContain('contacts: /remotes/contacts/mf-manifest.json (no build)');
  }, 30_000);

  it('pins an area to a build, a version or a path, and latest takes the pin away', () => {
    expect(remote('use', 'meetings', '0.1.0+aaaa1111').code).toBe(0);
    expect(pins()).toEqual({ meetings: '0.1.0+aaaa1111' });
    expect(remote('list').out).toContain('meetings: 0.1.0+aaaa1111 (pinned)');
    expect(remote('use', 'meetings', '0.1.0').code).toBe(0);
    expect(pins()).toEqual({ meetings: '0.1.0+bbbb2222' });
    expect(remote('use', 'finance', '/cdn/remotes/finance/0.5.0+dddd4444/mf-manifest.json').code).toBe(0);
    expect(remote('use', 'meetings', 'latest').code).toBe(0);
    expect(pins()).toEqual({ finance: '/cdn/remotes/finance/0.5.0+dddd4444/mf-manifest.json' });
  }, 60_000);

  it('refuses, in one line and changing nothing, an unknown area, build or another origin', () => {
    const before = readFileSync(join(dataDir, 'remotes.json'), 'utf8');
    const area = remote('use', 'payroll', '0.1.0');
    expect(area.code).toBe(2);
    expect(area.err).toContain('Error: Name an area: contacts, finance, meetings, messaging');
    const missing = remote('use', 'meetings', '9.9.9');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^Error: meetings has no build "9\.9\.9" \(builds here: 0\.1\.0\+bbbb2222, 0\.1\.0\+aaaa1111\)/);
    expect(remote('use', 'meetings', 'https://elsewhere.example.org/mf-manifest.json').code).toBe(1);
    // Security review: a browser resolves . and .. away, so this "finance" pin would run meetings' build.
    const dots = remote('use', 'finance', '/remotes/finance/../meetings/0.1.0+aaaa1111/mf-manifest.json');
    expect(dots.code).toBe(1);
    expect(dots.err).toContain('Error: finance: a manifest path must not hold . or .. segments or //');
    expect(readFileSync(join(dataDir, 'remotes.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('refuses to work from a pins file that holds a . or .. segment, changing nothing', () => {
    const file = join(dataDir, 'remotes.json');
    const hostile = JSON.stringify({ finance: '/cdn/remotes/finance/./../../mf-manifest.json' });
    writeFileSync(file, hostile);
    for (const args of [['list'], ['use', 'meetings', 'latest']]) {
      const refused = remote(...args);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('"finance" must be a build such as 0.1.0+d0c6402d or a manifest path');
    }
    expect(readFileSync(file, 'utf8')).toBe(hostile);
    rmSync(file);
  }, 60_000);

  it('publishes a build made elsewhere beside the others, without switching to it', () => {
    const wrong = remote('publish', 'meetings', 'build-machine/0.5.0+dddd4444');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('is a build of finance, not of meetings');

    const published = remote('publish', 'meetings', 'build-machine/0.2.0+cccc3333');
    expect(published.code).toBe(0);
    expect(published.out).toContain('Published meetings 0.2.0+cccc3333');
    expect(readFileSync(join(webRoot, 'remote-meetings', 'dist', '0.2.0+cccc3333', 'remoteEntry.js'), 'utf8')).toBe('var meetings;');
    // Unpinned, the area follows its newest build: the one just published.
    expect(remote('list').out).toContain('meetings: 0.2.0+cccc3333 (newest build)');
  }, 60_000);
});
