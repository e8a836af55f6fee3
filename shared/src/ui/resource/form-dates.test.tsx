import { act, screen } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import * as yup from 'yup';
import { endpoint } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';
import { isoDate, optionalIsoDate, text } from '@ushirika/shared/validation';
import { fakeServer } from '../../../test/fake-api';
import { findDialog, renderScreen, setupUser } from '../../../test/render';
import { amina } from '../../../test/users';
import { partnerToday } from '@ushirika/shared/api';
import { dateText } from '../date-order';
import { AreaTexts } from '../AreaTexts';
import { areaCatalogue } from './catalogue';
import { defineResource, type Texts } from './describe';
import { resourceRoutes } from './ResourcePages';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../test/fake-api')>('../../../test/fake-api').fakeApiModule());

/*
 * The dates of a resource's form (issue 28.2): a new record's dates start at the partner's today, shown in the
 * partner's order (dd/mm/yyyy in Kenya), unless the description says otherwise or the date may be left out (a
 * birthday); an edit shows the record's own dates.
 */
const same = (texts: Record<string, string>): Texts => ({ en: texts, es: texts, pt: texts, fr: texts, sw: texts });

interface Service {
  id: number;
  name: string;
  heldOn: string;
  plannedFor: string;
  founderBorn: string;
}

const services = defineResource({
  name: 'services',
  endpoint: endpoint<Service>({ path: 'services', singular: 'service', row: yup.object() as unknown as yup.ObjectSchema<Service>, savedText: 'Service saved!' }),
  schema: async () =>
    yup.object({
      name: text('Name please'),
      heldOn: isoDate('Held on please', 'Held on must be a date'),
      plannedFor: isoDate('Planned for please', 'Planned for must be a date'),
      founderBorn: optionalIsoDate('Born must be a date'),
    }),
  parent: 'demo.heading',
  routes: { list: '/demo/services', new: '/demo/services/new', edit: '/demo/services/edit' },
  columns: [{ key: 'name' }],
  fields: [{ name: 'name' }, { name: 'heldOn', kind: 'date' }, { name: 'plannedFor', kind: 'date' }, { name: 'founderBorn', kind: 'date' }],
  defaults: { plannedFor: '' },
  texts: same({
    title: 'Services',
    add: 'New Service',
    new: 'New Service',
    edit: 'Edit Service',
    'column.name': 'Name',
    'field.name': 'Name',
    'field.heldOn': 'Held on',
    'field.plannedFor': 'Planned for',
    'field.founderBorn': 'Founder born',
  }),
  messages: same({ 'Service saved!': 'Service saved!', 'Name please': 'Name please', 'Planned for please': 'Planned for please' }),
});

const catalogue = areaCatalogue(services, same({ 'demo.heading': 'Demo' }));
const open = (path: string) =>
  renderScreen(
    <AreaTexts messages={catalogue}>
      <Routes>{resourceRoutes(services, 'demo')}</Routes>
    </AreaTexts>,
    { path, route: '/demo/*' },
  );

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  fakeServer.reset();
  fakeServer.rows.set('services', [{ id: 3, name: 'Harvest', heldOn: '2026-01-05', plannedFor: '2026-02-01', founderBorn: '' }]);
  act(() => useSession.setState({ user: { ...amina, Partner: { ...amina.Partner, timeZone: 'Africa/Nairobi' } }, authenticated: true }));
});
afterEach(() => act(() => useSession.setState({ user: null, authenticated: false })));

describe("a resource form's dates", () => {
  it("start at the partner's today on a new record, unless the description says otherwise or the date may be left out", async () => {
    await open('/demo/services/new');
    const today = partnerToday(new Date(), 'Africa/Nairobi');
    expect(await screen.findByLabelText('Held on')).toHaveValue(dateText(today, 'dmy'));
    expect(screen.getByLabelText('Planned for')).toHaveValue('');
    expect(screen.getByLabelText('Founder born')).toHaveValue('');

    await user.fill('Name', 'Sunday service');
    await user.fill('Planned for', '7/6/2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([{ path: 'services', body: { name: 'Sunday service', heldOn: today, plannedFor: '2026-06-07', founderBorn: '' }, id: undefined }]);
  });

  it("keep the record's own dates on an edit", async () => {
    await open('/demo/services/edit/3');
    expect(await screen.findByLabelText('Held on')).toHaveValue('05/01/2026');
    expect(screen.getByLabelText('Planned for')).toHaveValue('01/02/2026');
    expect(screen.getByLabelText('Founder born')).toHaveValue('');
  });
});
