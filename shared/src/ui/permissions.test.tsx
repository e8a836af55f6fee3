import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { Routes } from 'react-router-dom';
import * as yup from 'yup';
import { endpoint, namedTypeRow, noPermissionText, PERMISSIONS, type NamedType } from '@ushirika/shared/contract';
import { LOCALES, messagesFor, useLocale } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { text } from '@ushirika/shared/validation';
import { fakeServer } from '../../test/fake-api';
import { httpError } from '../../test/http-error';
import { expectPath, findDialog, renderScreen, renderWithApp } from '../../test/render';
import { signIn } from '../../test/roles';
import { amina } from '../../test/users';
import { AreaTexts } from './AreaTexts';
import { useDialogs } from './dialogs';
import { RequirePermission } from './RequirePermission';
import { areaCatalogue, defineResource, resourceRoutes, type Texts } from './resource';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../test/fake-api')>('../../test/fake-api').fakeApiModule());

/*
 * The screens follow the role (issue 25): NoAccess for a screen the user may not open, the kit's resource
 * buttons shown to those who may use them, and a session without a permission list (the legacy server's
 * answer, an older host's stored session) seeing everything.
 */

const same = (texts: Record<string, string>): Texts => ({ en: texts, es: texts, pt: texts, fr: texts, sw: texts });

const teams = defineResource({
  name: 'teams',
  endpoint: endpoint<NamedType>({ path: 'teams', singular: 'team', row: namedTypeRow, savedText: 'Team saved!' }),
  schema: async () => yup.object({ name: text('Team name is required') }),
  parent: 'demo.heading',
  routes: { list: '/demo/teams', new: '/demo/teams/new', edit: '/demo/teams/edit' },
  permissions: { read: 'groups.read', write: 'groups.write' },
  columns: [{ key: 'name' }],
  fields: [{ name: 'name' }],
  texts: same({ title: 'Teams', add: 'New Team', new: 'New Team', edit: 'Edit Team', 'column.name': 'Team', 'field.name': 'Team name' }),
  messages: same({ 'Team saved!': 'Team saved!', 'Team name is required': 'Team name is required' }),
});
const catalogue = areaCatalogue(teams, same({ 'demo.heading': 'Demo' }));

const open = (path: string) =>
  renderScreen(
    <AreaTexts messages={catalogue}>
      <Routes>{resourceRoutes(teams, 'demo')}</Routes>
    </AreaTexts>,
    { path, route: '/demo/*' },
  );

const NO_ACCESS = 'You do not have access to this screen';
const columns = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

beforeEach(() => {
  fakeServer.reset();
  fakeServer.rows.set('teams', [{ id: 3, name: 'Ushers', description: '', createdAt: '2026-01-04T08:00:00Z', Partner: { name: 'Grace' }, version: 1 }]);
});
afterEach(() => act(() => useLocale.getState().setLocale('en')));

describe('NoAccess through RequirePermission', () => {
  const screenFor = (permission: Parameters<typeof RequirePermission>[0]['permission']) => (
    <RequirePermission permission={permission}>
      <p>The statements</p>
    </RequirePermission>
  );

  it('shows the screen to a user whose roles allow it', () => {
    signIn(['treasurer']);
    renderWithApp(screenFor('finance.reports'));
    expect(screen.getByText('The statements')).toBeInTheDocument();
  });

  it('says plainly that the screen is not theirs, who can change that, and leads back to the dashboard', async () => {
    signIn(['finance_clerk']);
    renderWithApp(screenFor('finance.reports'), { path: '/finance/statements' });
    expect(screen.queryByText('The statements')).not.toBeInTheDocument();
    expect(screen.getByText(NO_ACCESS)).toBeInTheDocument();
    expect(screen.getByText(/Ask an owner or an administrator/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the dashboard' }));
    await expectPath('/dashboard/default');
  });

  it.each([
    ['sw', 'Huna ruhusa ya kufungua skrini hii'],
    ['fr', "Vous n'avez pas accès à cet écran"],
    ['es', 'No tiene acceso a esta pantalla'],
    ['pt', 'Não tem acesso a este ecrã'],
  ] as const)('says it in %s', (locale, title) => {
    act(() => useLocale.getState().setLocale(locale));
    signIn(['viewer']);
    renderWithApp(screenFor('finance.reports'));
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('shows everything to a session without a permission list (the legacy server, a host from before roles)', () => {
    signIn();
    expect(useSession.getState().user?.permissions).toBeUndefined();
    renderWithApp(screenFor('security.manage'));
    expect(screen.getByText('The statements')).toBeInTheDocument();
  });

  it('shows nothing of the screen to nobody signed in', () => {
    useSession.getState().logout();
    renderWithApp(screenFor('dashboard.read'));
    expect(screen.getByText(NO_ACCESS)).toBeInTheDocument();
  });

  it('follows the permissions when they change (GET /api/v2/me after the login)', async () => {
    signIn(['viewer']);
    renderWithApp(screenFor('finance.reports'));
    expect(screen.getByText(NO_ACCESS)).toBeInTheDocument();
    act(() => useSession.getState().setUser({ ...amina, roles: ['treasurer'], permissions: ['dashboard.read', 'finance.reports'] }));
    expect(await screen.findByText('The statements')).toBeInTheDocument();
  });
});

describe("a resource's screens and buttons", () => {
  it('shows New and Edit to those who may write', async () => {
    signIn(['secretary']);
    await open('/demo/teams');
    expect(screen.getByRole('button', { name: 'New Team' })).toBeInTheDocument();
    expect(columns()).toEqual(['Team', 'Edit']);
  });

  it('lists without New nor Edit to those who may only read', async () => {
    signIn(['viewer']);
    await open('/demo/teams');
    expect(await screen.findByText('Ushers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Team' })).not.toBeInTheDocument();
    expect(columns()).toEqual(['Team']);
  });

  it.each(['/demo/teams/new', '/demo/teams/edit/3', '/demo/teams/edit'])('shows NoAccess at %s to those who may only read, and reads nothing', async (path) => {
    signIn(['viewer']);
    await open(path);
    expect(screen.getByText(NO_ACCESS)).toBeInTheDocument();
    expect(fakeServer.recordRequests).toEqual([]);
  });

  it('shows NoAccess at the list to those who may not read, and asks the server nothing', async () => {
    signIn(['finance_clerk']);
    await open('/demo/teams');
    expect(screen.getByText(NO_ACCESS)).toBeInTheDocument();
    expect(fakeServer.pageRequests).toEqual([]);
  });

  it('shows every button and screen to a session without a permission list', async () => {
    signIn();
    await open('/demo/teams');
    expect(screen.getByRole('button', { name: 'New Team' })).toBeInTheDocument();
    expect(columns()).toEqual(['Team', 'Edit']);
  });
});

describe("the server's 403 texts", () => {
  function Refused({ failure }: { failure: unknown }) {
    const dialogs = useDialogs();
    return <Button onClick={() => dialogs.error(failure)}>send</Button>;
  }

  it("show in the user's language in the 'Error!' dialog", async () => {
    act(() => useLocale.getState().setLocale('sw'));
    renderWithApp(<Refused failure={httpError(403, { status_msg: noPermissionText('messaging.send') })} />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(within(await findDialog('Hitilafu!')).getByText('Huna ruhusa ya kutuma ujumbe.')).toBeInTheDocument();
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are all translated in %s', (locale) => {
    const messages = messagesFor(locale);
    const untranslated = PERMISSIONS.filter(
      (permission) => !messages[noPermissionText(permission)] || messages[noPermissionText(permission)] === noPermissionText(permission),
    );
    expect(untranslated).toEqual([]);
  });
});
