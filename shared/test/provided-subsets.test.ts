/**
 * The host shares antd and react-router-dom as subsets: only the names the app uses (tooling/shared-deps.cjs,
 * PROVIDED_FROM). A front end importing a name missing from its subset would get `undefined` at run time, in the
 * browser only (jest resolves the whole library), so this test reads every front end's sources and checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as antd from 'antd';
import * as router from 'react-router-dom';

const workspace = path.resolve(__dirname, '..', '..');
const SOURCE_DIRS = ['host', 'shared', ...readdirSync(workspace).filter((dir) => dir.startsWith('remote-'))].map((dir) => path.join(workspace, dir, 'src'));
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !isTest(file) ? [file] : [];
  });
}

/** The runtime names each file imports from `library` (type-only imports and specifiers left out). */
function importedNames(library: string, exportsOfLibrary: Record<string, unknown>): Map<string, string[]> {
  const statement = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${library}'`, 'g');
  const users = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    for (const [, typeOnly, names = ''] of readFileSync(file, 'utf8').matchAll(statement)) {
      if (typeOnly) continue;
      for (const part of names.split(',').map((name) => name.trim())) {
        const name = part.split(/\s+as\s+/)[0] ?? '';
        if (!name || name.startsWith('type ') || !(name in exportsOfLibrary)) continue;
        users.set(name, [...(users.get(name) ?? []), path.relative(workspace, file)]);
      }
    }
  }
  return users;
}

/** The names a subset module re-exports (its one `export { ... } from` statement; jest cannot load antd/es). */
function subsetNames(subsetFile: string): Set<string> {
  const [, names = ''] = /export\s*\{([^}]*)\}\s*from/.exec(readFileSync(path.join(workspace, subsetFile), 'utf8')) ?? [];
  return new Set(
    names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

it.each([
  ['antd', antd, 'shared/src/ui/antd-subset.ts'],
  ['react-router-dom', router, 'shared/src/ui/router-subset.ts'],
] as const)('every name the front ends import from %s is in its subset', (library, whole, subsetFile) => {
  const used = importedNames(library, whole);
  const subset = subsetNames(subsetFile);
  expect(used.size).toBeGreaterThan(5);
  expect([...subset].filter((name) => !(name in whole))).toEqual([]);
  const missing = [...used].filter(([name]) => !subset.has(name)).map(([name, files]) => `${name} (${files.join(', ')}): add it to ${subsetFile}`);
  expect(missing).toEqual([]);
});
