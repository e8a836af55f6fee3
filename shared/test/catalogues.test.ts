/**
 * Every text catalogue of the app, wherever it lives (shared/src/i18n/messages/README.md): the shell's
 * (host + dev shell), the host's lazily loaded screens' (host/src/screen-texts), the kit's (shared/src/ui/messages)
 * and each remote's own (remote-<area>/src/messages).
 * Remotes are found on disk, so a new area is checked without touching this test.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../src/i18n/locale';
import * as shell from '../src/i18n/messages/shell/index';
import * as kit from '../src/ui/messages/index';
import * as kitHistory from '../src/ui/messages/history/index';
import { usedTextIds, type Identified, type Resource } from '../src/ui/resource';

type Catalogues = Record<Locale, Record<string, string>>;

const workspace = path.resolve(__dirname, '..', '..');
const remotes = readdirSync(workspace, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
  .map((entry) => entry.name)
  .filter((dir) => existsSync(path.join(workspace, dir, 'src', 'messages', 'index.ts')))
  .sort();

/** A remote's catalogue module: its texts in every language and the resources whose texts it holds. */
type AreaCatalogue = Catalogues & { resources?: Resource<never, Identified>[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loads whichever remotes exist
const areas = remotes.map((dir): [string, AreaCatalogue] => [dir, require(path.join(workspace, dir, 'src', 'messages', 'index.ts')) as AreaCatalogue]);
/** Catalogues screens load with their own chunk (<app>/src/<screen>/messages: the contacts import's, the host's giving page). */
const screenCatalogues = [...remotes, 'host'].flatMap((dir) =>
  readdirSync(path.join(workspace, dir, 'src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(workspace, dir, 'src', entry.name, 'messages', 'index.ts')))
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads whichever screen catalogues exist
    .map((entry): [string, Catalogues] => [`${dir}/${entry.name}`, require(path.join(workspace, dir, 'src', entry.name, 'messages', 'index.ts')) as Catalogues]),
);

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the host's, loaded by path like the remotes' (shared never imports an app)
const hostScreens = require(path.join(workspace, 'host', 'src', 'screen-texts', 'index.ts')) as Catalogues;

const catalogues: Array<[string, Catalogues]> = [
  ['shell', shell],
  ['host screens', hostScreens],
  ['kit', kit],
  ['kit history', kitHistory],
  ...areas,
  ...screenCatalogues,
];

/** The {placeholders} of a message, which every translation must keep. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

/** Ids that more than one catalogue defines (in any language), with the catalogues that define them. */
function definedTwice(all: Array<[string, Catalogues]>): Record<string, string[]> {
  const owners = new Map<string, Set<string>>();
  for (const [name, catalogue] of all) {
    for (const locale of LOCALES) {
      for (const id of Object.keys(catalogue[locale] ?? {})) owners.set(id, (owners.get(id) ?? new Set()).add(name));
    }
  }
  return Object.fromEntries([...owners].filter(([, names]) => names.size > 1).map(([id, names]) => [id, [...names].sort()]));
}

it('finds every catalogue: shell, kit and each remote', () => {
  expect(catalogues.map(([name]) => name)).toEqual(
    expect.arrayContaining([
      'shell',
      'host screens',
      'kit',
      'remote-contacts',
      'remote-contacts/import',
      'remote-finance',
      'remote-meetings',
      'remote-messaging',
      'host/give',
    ]),
  );
});

describe.each(catalogues)('catalogue %s', (_name, all) => {
  const english = all.en;

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English ids', (locale) => {
    expect(Object.keys(all[locale]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is translated, not English copied (at most a tenth of its texts equal to English)', (locale) => {
    // Names and codes stay as they are in every language (M-PESA, Mpesa, Ushirika, '{name} · {type}').
    const translatable = Object.entries(english).filter(([, text]) => /[a-z]{3,}\s+[a-z]{2,}/i.test(text.replace(/\{[^}]*\}/g, '')));
    const copied = translatable.filter(([id, text]) => all[locale][id] === text).map(([id]) => id);
    expect(copied.length).toBeLessThanOrEqual(Math.max(1, Math.floor(translatable.length / 10)));
  });

  it.each([...LOCALES])('%s has no empty text and keeps every {placeholder}', (locale) => {
    for (const [id, text] of Object.entries(all[locale])) {
      expect({ id, text: text.trim() === '' ? '(empty)' : 'ok' }).toEqual({ id, text: 'ok' });
      expect({ id, placeholders: placeholders(text) }).toEqual({ id, placeholders: placeholders(english[id] ?? '') });
    }
  });
});

it.each(areas)("%s: every text id its resources' screens use exists", (_name, area) => {
  const known = new Set([...Object.keys(shell.en), ...Object.keys(kit.en), ...Object.keys(area.en)]);
  const missing = (area.resources ?? []).flatMap((resource) => usedTextIds(resource as unknown as Parameters<typeof usedTextIds>[0]).filter((id) => !known.has(id)));
  expect(missing).toEqual([]);
});

it('defines no id in two catalogues (a text several areas show belongs to the kit)', () => {
  expect(definedTwice(catalogues)).toEqual({});
});

it('notices an id defined twice', () => {
  const one = (id: string) => Object.fromEntries(LOCALES.map((l) => [l, { [id]: 'x' }])) as Catalogues;
  expect(definedTwice([...catalogues, ['remote-copy', one('kit.list.loading')]])).toEqual({ 'kit.list.loading': ['kit', 'remote-copy'] });
});
