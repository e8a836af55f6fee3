import { readdirSync } from 'node:fs';
import { LOCALES, type Locale } from '../locale';

/** Every area folder under messages/, found on disk so a new area is checked without touching this test. */
const areas = readdirSync(__dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loads whichever areas exist
const catalogues = (area: string) => require(`./${area}/index`) as Record<Locale, Record<string, string>>;

/** The {placeholders} of a message, which every translation must keep. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe.each(areas)('catalogue %s', (area) => {
  const all = catalogues(area);
  const english = all.en;

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (locale) => {
    expect(Object.keys(all[locale]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each([...LOCALES])('%s has no empty text and keeps every {placeholder}', (locale) => {
    for (const [id, text] of Object.entries(all[locale])) {
      expect({ id, text: text.trim() === '' ? '(empty)' : 'ok' }).toEqual({ id, text: 'ok' });
      expect({ id, placeholders: placeholders(text) }).toEqual({ id, placeholders: placeholders(english[id] ?? '') });
    }
  });
});

it('finds the area folders', () => {
  expect(areas).toEqual(expect.arrayContaining(['kit', 'meetings', 'shell']));
});
