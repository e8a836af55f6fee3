import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import { groupTypesEndpoint, type ActivityEntry, type GroupType } from '@ushirika/shared/contract';
import { fakeServer } from '../../../test/fake-api';
import { httpError } from '../../../test/http-error';
import { renderScreen, setupUser } from '../../../test/render';
import { signIn } from '../../../test/roles';
import { AreaTexts } from '../AreaTexts';
import { areaCatalogue } from '../resource/catalogue';
import { defineResource, validationSchema, type Texts } from '../resource/describe';
import { resourceRoutes } from '../resource/ResourcePages';
import * as historyTexts from '../messages/history/index';
import * as kitTexts from '../messages/index';
import * as shellTexts from '../../i18n/messages/shell/index';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the host's catalogue, loaded by path like shared/test/catalogues.test.ts (shared never imports an app)
const hostScreenTexts = require(path.join(__dirname, '..', '..', '..', '..', 'host', 'src', 'screen-texts', 'index.ts')) as typeof kitTexts;

/*
 * A record's history under its edit form (issue 26.2): closed, it asks nothing; opened, it reads
 * `GET /<path>/{id}/activity` page by page and tells who changed what, in the user's language.
 */

jest.mock('@ushirika/shared/api', () => {
  const fake = jest.requireActual<typeof import('../../../test/fake-api')>('../../../test/fake-api').fakeApiModule();
  const recordGet = fake.api.get.bind(fake.api) as (url: string) => unknown;
  const get = (url: string, options?: { searchParams?: Record<string, unknown> }) => mockHistoryGet(url, options) ?? recordGet(url);
  return { ...fake, api: Object.assign(Object.create(fake.api) as object, { get }) };
});

/** The history calls the test answers (the record's own read goes to the fake server); a function declaration, hoisted. */
function mockHistoryGet(url: string, options?: { searchParams?: Record<string, unknown> }) {
  if (!url.endsWith('/activity')) return undefined;
  const state = historyState();
  state.requests.push({ url, page: Number(options?.searchParams?.page), pagesize: Number(options?.searchParams?.pagesize) });
  const failure = state.failure;
  const { page = 1, pagesize = 10 } = { page: Number(options?.searchParams?.page), pagesize: Number(options?.searchParams?.pagesize) };
  const rows = state.events.slice((page - 1) * pagesize, page * pagesize);
  return { json: () => (failure ? Promise.reject(failure) : Promise.resolve({ activity: rows, total: state.events.length })) };
}
function historyState(): { events: ActivityEntry[]; requests: { url: string; page: number; pagesize: number }[]; failure?: unknown } {
  const holder = globalThis as { historyState?: ReturnType<typeof historyState> };
  return (holder.historyState ??= { events: [], requests: [] });
}

const same = (texts: Record<string, string>): Texts => ({ en: texts, es: texts, pt: texts, fr: texts, sw: texts });

const kinds = defineResource({
  name: 'kinds',
  endpoint: groupTypesEndpoint,
  schema: validationSchema('groupTypeSchema'),
  parent: 'demo.heading',
  routes: { list: '/demo/kinds', new: '/demo/kinds/new', edit: '/demo/kinds/edit' },
  columns: [{ key: 'name' }],
  fields: [{ name: 'name' }],
  texts: same({ title: 'Kinds', add: 'New Kind', new: 'New Kind', edit: 'Edit Kind', 'column.name': 'Kind', 'field.name': 'Kind name' }),
});

const open = (path: string) =>
  renderScreen(
    <AreaTexts messages={areaCatalogue(kinds, same({ 'demo.heading': 'Demo' }))}>
      <Routes>{resourceRoutes(kinds, 'demo')}</Routes>
    </AreaTexts>,
    { path, route: '/demo/*' },
  );

function event(id: number, overrides: Partial<ActivityEntry>): ActivityEntry {
  return {
    id,
    at: '2026-03-04T11:30:00.000Z',
    actorType: 'staff',
    userId: 1,
    actorName: 'Amina Wanjiru',
    address: '10.0.0.1',
    action: 'update',
    area: 'groups',
    entity: 'group_type',
    entityId: '3',
    changes: [],
    details: {},
    ...overrides,
  };
}

const choir: GroupType = { id: 3, name: 'Choir', description: 'Singers', createdAt: '2026-01-04T08:00:00Z', Partner: { name: 'Grace' }, version: 2 };

beforeEach(() => {
  fakeServer.reset();
  fakeServer.rows.set('group_types', [choir]);
  const state = historyState();
  state.requests = [];
  state.failure = undefined;
  state.events = [
    event(12, { changes: [{ field: 'name', old: 'Choir', new: 'Church Choir' }] }),
    event(11, {
      actorType: 'mpesa',
      userId: null,
      actorName: null,
      action: 'correct',
      changes: [
        { field: 'amount', old: '1000.00', new: '1200.00' },
        { field: 'AccountId', old: 4, new: 5 },
        { field: 'Account.name', old: 'Tithe', new: 'Offering' },
        { field: 'firstName', old: null, new: null, erased: true },
      ],
      details: { reason: 'Typed wrong' },
    }),
    event(10, {
      action: 'create',
      changes: [
        { field: 'name', old: null, new: 'Choir' },
        { field: 'description', old: null, new: 'Singers' },
      ],
    }),
  ];
  signIn(['owner']);
});

const historyToggle = () => screen.findByRole('button', { name: 'History' });

/** The events the opened history shows, once there are `count` of them. */
const shownEvents = (count: number) =>
  waitFor(() => {
    const events = [...screen.getByRole('list', { name: 'History' }).children] as HTMLElement[];
    expect(events).toHaveLength(count);
    return events;
  });

/** An event's changed fields as the user reads them (Intl puts a no-break space after the currency). */
const changesOf = (event: HTMLElement) =>
  [...(within(event).queryByRole('list', { name: 'What changed' })?.children ?? [])].map((item) => item.textContent?.replace(/\u00a0/g, ' '));

it('shows a closed History under the edit form, and asks nothing until it is opened', async () => {
  await open('/demo/kinds/edit/3');
  expect(await screen.findByLabelText('Kind name')).toHaveValue('Choir');
  const toggle = await historyToggle();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(historyState().requests).toEqual([]);
  expect(screen.queryByText('Amina Wanjiru')).not.toBeInTheDocument();
});

it('lists who changed what, newest first, with the fields named in the user’s language', async () => {
  const user = setupUser();
  await open('/demo/kinds/edit/3');
  await user.click(await historyToggle());
  expect(await historyToggle()).toHaveAttribute('aria-expanded', 'true');

  const entries = await shownEvents(3);
  expect(historyState().requests[0]).toEqual({ url: 'group_types/3/activity', page: 1, pagesize: 10 });

  const [rename, correction, creation] = entries as [HTMLElement, HTMLElement, HTMLElement];
  expect(within(rename).getByText('Amina Wanjiru')).toBeInTheDocument();
  expect(within(rename).getByText('Changed')).toBeInTheDocument();
  expect(changesOf(rename)).toEqual(['Name: Choir → Church Choir']);

  expect(within(correction).getByText('M-Pesa')).toBeInTheDocument();
  expect(within(correction).getByText('Corrected')).toBeInTheDocument();
  expect(within(correction).getByText('Reason: Typed wrong')).toBeInTheDocument();
  // The account's id is left out: its name says the same.
  expect(changesOf(correction)).toEqual(['Amount: KES 1,000.00 → KES 1,200.00', 'Account: Tithe → Offering', 'First name: erased']);

  expect(within(creation).getByText('Created')).toBeInTheDocument();
  expect(changesOf(creation)).toEqual(['Name: Choir', 'Description: Singers']);
});

it('pages a long history', async () => {
  historyState().events = Array.from({ length: 23 }, (_, index) =>
    event(100 - index, { changes: [{ field: 'description', old: `v${99 - index}`, new: `v${100 - index}` }] }),
  );
  const user = setupUser();
  await open('/demo/kinds/edit/3');
  await user.click(await historyToggle());
  expect(await screen.findByText('showing page 1 of 3')).toBeInTheDocument();
  expect(changesOf((await shownEvents(10))[0]!)).toEqual(['Description: v99 → v100']);
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('showing page 2 of 3')).toBeInTheDocument();
  await waitFor(() => expect(changesOf(screen.getByRole('list', { name: 'History' }).children[0] as HTMLElement)).toEqual(['Description: v89 → v90']));
  expect(historyState().requests.map((request) => request.page)).toEqual([1, 2]);
});

it('says when there is nothing yet, and offers Retry when the history cannot be read', async () => {
  historyState().failure = httpError(500, { status_msg: 'Something went wrong on the server. Please try again.' });
  const user = setupUser();
  await open('/demo/kinds/edit/3');
  await user.click(await historyToggle());
  expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
  historyState().events = [];
  historyState().failure = undefined;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
});

it('has every history text in every language, none of them the kit’s own ids', () => {
  const ids = Object.keys(historyTexts.en).sort();
  for (const locale of ['es', 'fr', 'pt', 'sw'] as const) expect(Object.keys(historyTexts[locale]).sort()).toEqual(ids);
  for (const locale of ['en', 'es', 'fr', 'pt', 'sw'] as const) {
    for (const [id, text] of Object.entries(historyTexts[locale])) {
      expect({ id, empty: text.trim() === '' }).toEqual({ id, empty: false });
      const placeholders = (value: string) => [...value.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
      expect({ id, placeholders: placeholders(text) }).toEqual({ id, placeholders: placeholders(historyTexts.en[id as keyof typeof historyTexts.en]) });
    }
    // No id of another catalogue (shared/test/catalogues.test.ts checks the others against each other).
    for (const other of [kitTexts, shellTexts, hostScreenTexts]) expect(Object.keys(other[locale]).filter((id) => Object.hasOwn(historyTexts[locale], id))).toEqual([]);
  }
  // Translated, not English copied (names such as M-Pesa stay): at most a tenth of the texts of two words or more.
  const translatable = Object.entries(historyTexts.en).filter(([, text]) => /[a-z]{3,}\s+[a-z]{2,}/i.test(text.replace(/\{[^}]*\}/g, '')));
  for (const locale of ['es', 'fr', 'pt', 'sw'] as const) {
    const copied = translatable.filter(([id, text]) => historyTexts[locale][id as keyof typeof historyTexts.en] === text);
    expect(copied.length).toBeLessThanOrEqual(Math.floor(translatable.length / 10));
  }
});
