import { screen, waitFor, within } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import * as yup from 'yup';
import { endpoint, namedTypeRow, type NamedType } from '@ushirika/shared/contract';
import { choice, text } from '@ushirika/shared/validation';
import { fakeEndpointApi, fakeServer } from '../../../test/fake-api';
import { httpError } from '../../../test/http-error';
import { amina, brian } from '../../../test/users';
import { useSession } from '@ushirika/shared/session';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../test/render';
import { AreaTexts } from '../AreaTexts';
import { areaCatalogue } from './catalogue';
import { dateAddedColumn, defineResource, organisationColumn, usedTextIds, type Texts } from './describe';
import { resourceRoutes } from './ResourcePages';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../test/fake-api')>('../../../test/fake-api').fakeApiModule());

/*
 * The kit's resource screens, tested once here with a made-up area (teams and people), so that each real
 * resource only describes itself: its own rules are tested in its schema's test and the API tests.
 */

const same = (texts: Record<string, string>): Texts => ({ en: texts, es: texts, pt: texts, fr: texts, sw: texts });

const teams = defineResource({
  name: 'teams',
  endpoint: endpoint<NamedType>({ path: 'teams', singular: 'team', row: namedTypeRow, savedText: 'Team saved!' }),
  schema: async () => yup.object({ name: text('Team name is required'), description: text('About is required') }),
  parent: 'demo.heading',
  routes: { list: '/demo/teams', new: '/demo/teams/new', edit: '/demo/teams/edit' },
  columns: [organisationColumn, { key: 'name' }, dateAddedColumn],
  fields: [{ name: 'name' }, { name: 'description', kind: 'textarea' }],
  texts: same({ title: 'Teams', add: 'New Team', new: 'New Team', edit: 'Edit Team', 'column.name': 'Team', 'field.name': 'Team name', 'field.description': 'About' }),
  messages: same({ 'Team saved!': 'Team saved!', 'Team name is required': 'Team name is required', 'About is required': 'About is required' }),
});

interface Person {
  id: number;
  name: string;
  team: number;
  notes: string;
}

const people = defineResource({
  name: 'people',
  endpoint: endpoint<Person>({ path: 'people', singular: 'person', row: yup.object() as unknown as yup.ObjectSchema<Person>, savedText: 'Person saved!' }),
  schema: async () =>
    yup.object({
      name: text('Name please', { length: 2, message: 'Two letters at least' }),
      team: choice('Team please'),
      notes: yup.string().trim().default('none'),
    }),
  parent: 'demo.heading',
  routes: { list: '/demo/people', new: '/demo/people/new', edit: '/demo/people/edit' },
  columns: [{ key: 'name' }],
  fields: [{ name: 'name' }, { name: 'team', kind: 'select', choices: { from: teams } }, { name: 'notes' }],
  texts: same({
    title: 'People',
    add: 'New Person',
    new: 'New Person',
    edit: 'Edit Person',
    'column.name': 'Name',
    'field.name': 'Full name',
    'field.team': 'Team',
    'field.notes': 'Notes',
  }),
  messages: same({ 'Person saved!': 'Person saved!', 'Name please': 'Name please', 'Two letters at least': 'Two letters at least', 'Team please': 'Team please' }),
});

const catalogue = areaCatalogue(teams, people, same({ 'demo.heading': 'Demo' }));

const open = (path: string) =>
  renderScreen(
    <AreaTexts messages={catalogue}>
      <Routes>
        {resourceRoutes(teams, 'demo')}
        {resourceRoutes(people, 'demo')}
      </Routes>
    </AreaTexts>,
    { path, route: '/demo/*' },
  );

const team = (id: number, name: string): NamedType => ({
  id,
  name,
  description: `About ${name}`,
  createdAt: '2026-01-04T08:00:00Z',
  Partner: { name: 'Grace' },
  version: 1,
});

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  localStorage.clear();
  fakeServer.reset();
  fakeServer.rows.set('teams', [team(1, 'Choir'), team(2, 'Ushers')]);
  fakeServer.rows.set('people', [{ id: 7, name: 'Jane', team: 2, notes: '' }]);
});

describe('a resource list', () => {
  it('shows its title, its columns (own and standard) and the rows of the first page of 15', async () => {
    await open('/demo/teams');
    expect(screen.getByRole('heading', { name: 'Teams' })).toBeInTheDocument();
    const row = (await screen.findByText('Choir')).closest('tr')!;
    expect(within(row).getByText('Grace')).toBeInTheDocument();
    expect(within(row).getByText('Jan 4, 2026')).toBeInTheDocument();
    for (const column of ['Organisation', 'Team', 'Date Added', 'Edit']) expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    expect(fakeServer.pageRequests[0]).toEqual({ path: 'teams', query: expect.objectContaining({ page: 1, pagesize: 15 }) });
  });

  it('leads to the new form with its add button', async () => {
    await open('/demo/teams');
    await user.click(screen.getByRole('button', { name: 'New Team' }));
    await expectPath('/demo/teams/new');
    expect(screen.getByRole('heading', { name: 'New Team' })).toBeInTheDocument();
  });
});

describe('a resource form', () => {
  it("shows the schema's messages and sends nothing while the input is bad", async () => {
    await open('/demo/people/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name please')).toBeInTheDocument();
    expect(screen.getByText('Team please')).toBeInTheDocument();
    await user.fill('Full name', 'J');
    await user.tab();
    expect(await screen.findByText('Two letters at least')).toBeInTheDocument();
    expect(fakeServer.saves).toEqual([]);
  });

  it("offers every record of another resource in a select, saves the schema's output, says 'Awesome!' and shows the list again", async () => {
    await open('/demo/people/new');
    await user.fill('Full name', '  Peter ');
    await user.click(screen.getByLabelText('Team'));
    await user.click(await screen.findByTitle('Ushers'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('Person saved!')).toBeInTheDocument();
    // Trimmed, the select's id as a number, and the schema's default for the untouched field.
    expect(fakeServer.saves).toEqual([{ path: 'people', body: { name: 'Peter', team: 2, notes: 'none' }, id: undefined }]);
    await expectPath('/demo/people');
  });

  it('opens the record chosen in the list at its own address, as the server has it, and saves it under its id', async () => {
    await open('/demo/people');
    const row = (await screen.findByText('Jane')).closest('tr')!;
    // The list's row is older than the server's record: the edit screen shows the server's.
    fakeServer.rows.set('people', [{ id: 7, name: 'Jane Wanjiru', team: 2, notes: '' }]);
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await expectPath('/demo/people/edit/7');
    expect(await screen.findByRole('heading', { name: 'Edit Person' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Jane Wanjiru');
    expect(fakeServer.recordRequests).toEqual(['people/7']);
    await user.fill('Full name', 'Jane W.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'people', body: { name: 'Jane W.', team: 2, notes: '' }, id: 7 }]);
    expect(localStorage.length).toBe(0);
  });

  it('sends the version the record was read at, and after a save over a newer one says who made it and shows the newer record', async () => {
    fakeServer.rows.set('people', [{ id: 7, name: 'Jane', team: 2, notes: '', version: 3 }]);
    fakeEndpointApi(people.endpoint);
    await open('/demo/people/edit/7');
    await screen.findByLabelText('Full name');
    await user.fill('Full name', 'Jane Mine');
    fakeServer.nextSaveFailure = httpError(409, {
      status_msg: 'Grace Atieno changed this record after you opened it, so your changes were not saved. Reload it to see the changes, then make yours again.',
      changedBy: 'Grace Atieno',
      changedAt: '2026-03-01T07:05:00Z',
      version: 4,
    });
    fakeServer.rows.set('people', [{ id: 7, name: 'Jane Theirs', team: 1, notes: '', version: 4 }]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await findDialog('Changed by someone else');
    expect(within(dialog).getByText(/^Grace Atieno changed this record at .*10:05.*, after you opened it\. Your changes were not saved\./)).toBeInTheDocument();
    // Keep: the form stays as typed (to copy it); nothing was saved.
    await user.click(within(dialog).getByRole('button', { name: 'Keep what I typed' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Jane Mine');
    expect(fakeServer.saves).toEqual([]);

    // Saving again over the old version is refused again; Reload shows the record as it is now, at its version.
    fakeServer.nextSaveFailure = httpError(409, { status_msg: 'again', changedBy: 'Grace Atieno', changedAt: '2026-03-01T07:05:00Z', version: 4 });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.click(within(await findDialog('Changed by someone else')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Jane Theirs'));
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'people', body: { name: 'Jane Theirs', team: 1, notes: '', version: 4 }, id: 7 }]);
  });

  it('says the record is not found when its address names none, with the way back', async () => {
    await open('/demo/people/edit/99');
    expect(await screen.findByText('Record not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await expectPath('/demo/people');
  });

  it('refreshes the list after a save: the new record is listed on return', async () => {
    await open('/demo/teams');
    await screen.findByText('Choir');
    await user.click(screen.getByRole('button', { name: 'New Team' }));
    await user.fill('Team name', 'Youth');
    await user.fill('About', 'Young people');
    fakeServer.rows.set('teams', [team(3, 'Youth'), team(1, 'Choir'), team(2, 'Ushers')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(await screen.findByText('Youth')).toBeInTheDocument();
  });

  it("shows the server's refusal in 'Error!' and keeps what was typed", async () => {
    fakeServer.nextSaveFailure = httpError(409, { status_msg: 'A team with this name already exists' });
    await open('/demo/teams/new');
    await user.fill('Team name', 'Choir');
    await user.fill('About', 'Again');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(await findDialog('Error!')).getByText('A team with this name already exists')).toBeInTheDocument();
    await expectPath('/demo/teams/new');
    expect(screen.getByLabelText('Team name')).toHaveValue('Choir');
  });

  it('returns to the list on Cancel without saving', async () => {
    await open('/demo/teams/new');
    await user.fill('Team name', 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectPath('/demo/teams');
    expect(fakeServer.saves).toEqual([]);
  });

  it('says nothing is selected when the edit screen is opened without a record', async () => {
    await open('/demo/teams/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Teams' })).toBeInTheDocument());
  });
});

it('refuses a catalogue that defines one id twice', () => {
  expect(() => areaCatalogue(teams, same({ 'teams.title': 'Again' }))).toThrow('The text id "teams.title" is defined twice (en)');
});

// Routes are relative to the area: a resource whose screens live under another area mounts nothing here.
it('mounts only the screens under the area it is given', () => {
  expect(resourceRoutes(teams, 'elsewhere')).toEqual([]);
  expect(resourceRoutes(teams, 'demo').map((route) => (route.props as { path: string }).path)).toEqual(['teams', 'teams/new', 'teams/edit', 'teams/edit/:id']);
});

describe('a resource without an edit route', () => {
  // Records that are added and removed, never edited (say, numbers on a list).
  const tags = defineResource({
    name: 'tags',
    endpoint: endpoint<NamedType>({ path: 'tags', singular: 'tag', row: namedTypeRow, savedText: 'Tag saved!' }),
    schema: async () => yup.object({ name: text('Tag is required') }),
    parent: 'demo.heading',
    routes: { list: '/demo/tags', new: '/demo/tags/new' },
    columns: [{ key: 'name' }, dateAddedColumn],
    fields: [{ name: 'name' }],
    texts: same({ title: 'Tags', add: 'New Tag', new: 'New Tag', 'column.name': 'Tag', 'field.name': 'Tag' }),
    messages: same({ 'Tag saved!': 'Tag saved!', 'Tag is required': 'Tag is required' }),
  });

  it('lists without an Edit column, mounts no edit screen and needs no edit heading', async () => {
    fakeServer.rows.set('tags', [team(4, 'Youth')]);
    await renderScreen(
      <AreaTexts messages={areaCatalogue(tags, same({ 'demo.heading': 'Demo' }))}>
        <Routes>{resourceRoutes(tags, 'demo')}</Routes>
      </AreaTexts>,
      { path: '/demo/tags', route: '/demo/*' },
    );
    await screen.findByText('Youth');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Tag', 'Date Added']);
    expect(resourceRoutes(tags, 'demo').map((route) => (route.props as { path: string }).path)).toEqual(['tags', 'tags/new']);
    expect(usedTextIds(tags)).not.toContain('tags.edit');
  });
});

describe('a resource whose edit form differs from its new one', () => {
  // Say, members: added with a name only; edited with their email too, which the edit's own schema checks.
  const members = defineResource({
    name: 'members',
    endpoint: endpoint<Person>({ path: 'members', singular: 'member', row: yup.object() as unknown as yup.ObjectSchema<Person>, savedText: 'Member saved!' }),
    schema: async () => yup.object({ name: text('Name please') }),
    edit: {
      schema: async () => yup.object({ name: text('Name please'), email: text('Email please') }),
      fields: [{ name: 'name' }, { name: 'email', kind: 'email', hint: true }],
    },
    parent: 'demo.heading',
    routes: { list: '/demo/members', new: '/demo/members/new', edit: '/demo/members/edit' },
    columns: [{ key: 'name' }],
    fields: [{ name: 'name' }],
    texts: same({
      title: 'Members',
      add: 'New Member',
      new: 'New Member',
      edit: 'Edit Member',
      'column.name': 'Name',
      'field.name': 'Name',
      'field.email': 'Email',
      'hint.email': 'Where receipts go',
    }),
    messages: same({ 'Member saved!': 'Member saved!', 'Name please': 'Name please', 'Email please': 'Email please' }),
  });
  const openMembers = (path: string) =>
    renderScreen(
      <AreaTexts messages={areaCatalogue(members, same({ 'demo.heading': 'Demo' }))}>
        <Routes>{resourceRoutes(members, 'demo')}</Routes>
      </AreaTexts>,
      { path, route: '/demo/*' },
    );

  beforeEach(() => fakeServer.rows.set('members', [{ id: 5, name: 'Jane', email: 'jane@example.com', version: 2 }]));

  it('adds with the new form: its fields only, saved with its schema', async () => {
    const { container } = await openMembers('/demo/members/new');
    expect([...container.querySelectorAll('form .ant-form-item-label label')].map((label) => label.textContent)).toEqual(['Name']);
    await user.fill('Name', 'Peter');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'members', body: { name: 'Peter' }, id: undefined }]);
  });

  it("edits with the edit form: its own fields and schema, and names the edit form's texts", async () => {
    fakeEndpointApi(members.endpoint);
    const { container } = await openMembers('/demo/members/edit/5');
    expect(await screen.findByRole('heading', { name: 'Edit Member' })).toBeInTheDocument();
    expect([...container.querySelectorAll('form .ant-form-item-label label')].map((label) => label.textContent)).toEqual(['Name', 'Email']);
    expect(screen.getByText('Where receipts go')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email please')).toBeInTheDocument();
    await user.fill('Email', 'jane.w@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'members', body: { name: 'Jane', email: 'jane.w@example.com', version: 2 }, id: 5 }]);
    expect(usedTextIds(members)).toEqual(expect.arrayContaining(['members.field.email', 'members.hint.email']));
  });
});

describe('choices that depend on who asks, fixed choices, hints and a filtered list', () => {
  interface Ledger {
    id: number;
    name: string;
    kind: string;
    parent: number;
  }
  const ledgerEndpoint = endpoint<Ledger>({ path: 'ledgers', singular: 'ledger', row: yup.object() as unknown as yup.ObjectSchema<Ledger>, savedText: 'Ledger saved!' });
  const ledgers = defineResource({
    name: 'ledgers',
    endpoint: ledgerEndpoint,
    // The list shows kind A only: the server filters it.
    listParams: { kind: 'A' },
    schema: async () => yup.object({ name: text('Name please'), kind: text('Kind please'), parent: yup.number().required('Parent please') }),
    // A new ledger starts as kind A.
    defaults: { kind: 'A' },
    parent: 'demo.heading',
    routes: { list: '/demo/ledgers', new: '/demo/ledgers/new', edit: '/demo/ledgers/edit' },
    columns: [{ key: 'name' }],
    fields: [
      { name: 'name', hint: true },
      {
        name: 'kind',
        kind: 'radio',
        choices: [
          { value: 'A', label: 'ledgers.kind.A' },
          { value: 'B', label: 'ledgers.kind.B' },
        ],
      },
      {
        name: 'parent',
        kind: 'select',
        choices: {
          from: { endpoint: ledgerEndpoint },
          first: [{ value: 0, label: 'ledgers.top' }],
          // Kind B only for Grace's users; never the ledger being edited.
          filter: (row: Ledger, { user, record }) => row.id !== record?.id && (row.kind === 'A' || user?.Partner.name === 'Grace'),
        },
      },
    ],
    texts: same({
      title: 'Ledgers',
      add: 'New Ledger',
      new: 'New Ledger',
      edit: 'Edit Ledger',
      'column.name': 'Ledger',
      'field.name': 'Ledger name',
      'hint.name': 'As on the bank statement',
      'field.kind': 'Kind',
      'kind.A': 'Kind A',
      'kind.B': 'Kind B',
      'field.parent': 'Parent',
      top: 'Top level',
    }),
    messages: same({ 'Ledger saved!': 'Ledger saved!', 'Name please': 'Name please', 'Kind please': 'Kind please', 'Parent please': 'Parent please' }),
  });
  const rows: Ledger[] = [
    { id: 1, name: 'Alpha', kind: 'A', parent: 0 },
    { id: 2, name: 'Beta', kind: 'B', parent: 0 },
    { id: 3, name: 'Gamma', kind: 'A', parent: 1 },
  ];
  const openLedgers = (path: string) =>
    renderScreen(
      <AreaTexts messages={areaCatalogue(ledgers, same({ 'demo.heading': 'Demo' }))}>
        <Routes>{resourceRoutes(ledgers, 'demo')}</Routes>
      </AreaTexts>,
      { path, route: '/demo/*' },
    );
  // The options drawn in the open list (antd's accessible copies hold only values).
  const optionsShown = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

  beforeEach(() => {
    fakeServer.rows.set('ledgers', rows);
    // Signed out before each test, not after: a sign-out while the screen is still shown re-renders it.
    useSession.getState().logout();
  });

  it('reads the list with its fixed parameters, and names every text it uses', async () => {
    await openLedgers('/demo/ledgers');
    await screen.findByText('Alpha');
    expect(fakeServer.pageRequests[0]).toEqual({ path: 'ledgers', query: expect.objectContaining({ kind: 'A', page: 1 }) });
    expect(usedTextIds(ledgers)).toEqual(expect.arrayContaining(['ledgers.hint.name', 'ledgers.kind.A', 'ledgers.kind.B', 'ledgers.top']));
  });

  it('offers the fixed first choices, then the records the filter keeps for this user and record; radio choices and hints translated', async () => {
    useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
    fakeEndpointApi(ledgers.endpoint);
    await openLedgers(`/demo/ledgers/edit/${rows[0]!.id}`);
    expect(await screen.findByText('As on the bank statement')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Kind A' })).toBeChecked();
    await user.click(screen.getByLabelText('Parent'));
    await screen.findByTitle('Beta');
    // Grace's user sees kind B; never Alpha itself, which is being edited.
    expect(optionsShown()).toEqual(['Select one', 'Top level', 'Beta', 'Gamma']);
    await user.click(screen.getByTitle('Gamma'));
    await user.click(screen.getByRole('radio', { name: 'Kind B' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'ledgers', body: { name: 'Alpha', kind: 'B', parent: 3 }, id: 1 }]);
  });

  it("filters by the signed-in user (another partner sees kind A only); a new record starts with the description's defaults", async () => {
    useSession.getState().login({ access_token: 'header.payload.sig', user: brian });
    await openLedgers('/demo/ledgers/new');
    expect(screen.getByRole('radio', { name: 'Kind A' })).toBeChecked();
    await user.click(screen.getByLabelText('Parent'));
    await screen.findByTitle('Alpha');
    expect(optionsShown()).toEqual(['Select one', 'Top level', 'Alpha', 'Gamma']);
  });
});
