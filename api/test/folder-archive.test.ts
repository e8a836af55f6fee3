import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'tar';
import { ArchiveError, extractArchive, writeArchive } from '../src/ops/folder-archive';

/** The PGlite backup archive (ops/folder-archive.ts) on small folders: what it writes, and what it refuses to unpack. */

const root = mkdtempSync(join(tmpdir(), 'ushirika-archive-test-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh, empty folder under the test's root. */
function folder(name: string): string {
  const path = join(root, name);
  mkdirSync(path, { recursive: true });
  return path;
}

describe('folder-archive', () => {
  it('writes the folder under its top name with the extra file beside it, leaves out skipped names, and unpacks it back', async () => {
    const source = folder('source');
    mkdirSync(join(source, 'base', '1'), { recursive: true });
    writeFileSync(join(source, 'base', '1', 'data'), 'rows');
    writeFileSync(join(source, 'postmaster.pid'), '42');
    const file = join(root, 'round-trip.tar.gz');
    await writeArchive({ folder: source, top: 'pglite', file, extra: [{ name: 'manifest.json', content: Buffer.from('{}\n') }], skip: ['postmaster.pid'] });
    await expect(writeArchive({ folder: source, top: 'pglite', file })).rejects.toThrow(/EEXIST/);

    const into = folder('round-trip');
    await extractArchive(file, into);
    expect(readdirSync(into).sort()).toEqual(['manifest.json', 'pglite']);
    expect(readFileSync(join(into, 'manifest.json'), 'utf8')).toBe('{}\n');
    expect(readFileSync(join(into, 'pglite', 'base', '1', 'data'), 'utf8')).toBe('rows');
    expect(existsSync(join(into, 'pglite', 'postmaster.pid'))).toBe(false);
  });

  it('unpacks nothing outside the target folder from an entry named ../escape.txt', async () => {
    const made = folder('hostile/made/inner');
    writeFileSync(join(made, '..', 'escape.txt'), 'out');
    const file = join(root, 'hostile', 'escape.tar.gz');
    // preservePaths keeps the '..' in the entry's name, as a hand-made hostile archive would have it.
    await create({ gzip: true, cwd: made, preservePaths: true, file }, ['../escape.txt']);

    const into = folder('hostile/into/target');
    await expect(extractArchive(file, into)).rejects.toThrow(ArchiveError);
    expect(existsSync(join(into, '..', 'escape.txt'))).toBe(false);
    expect(readdirSync(into)).toEqual([]);
  });

  it('refuses links, and a file that is not a gzipped tar', async () => {
    const made = folder('links/made');
    symlinkSync('/etc', join(made, 'outside'));
    const file = join(root, 'links', 'link.tar.gz');
    await create({ gzip: true, cwd: made, file }, ['outside']);
    const into = folder('links/into');
    await expect(extractArchive(file, into)).rejects.toThrow('it holds an entry of a kind a backup never has (outside)');
    expect(readdirSync(into)).toEqual([]);

    const notes = join(root, 'notes.tar.gz');
    writeFileSync(notes, 'not a backup');
    await expect(extractArchive(notes, folder('notes'))).rejects.toThrow(new ArchiveError('it is not a gzipped tar file'));
  });
});
