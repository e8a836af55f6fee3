import { screen } from '@testing-library/react';
import { Routes } from 'react-router-dom';
import { groupTypesEndpoint, type GroupType } from '@ushirika/shared/contract';
import { fakeServer } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { AreaTexts } from '../AreaTexts';
import { areaCatalogue } from './catalogue';
import { defineResource, validationSchema, type Texts } from './describe';
import { resourceRoutes } from './ResourcePages';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../test/fake-api')>('../../../test/fake-api').fakeApiModule());

/*
 * A list screen downloads neither the forms (formik, the fields) nor the validation kit (libphonenumber's
 * metadata): they load when a form is first opened. Each module records here when it is first loaded.
 */
jest.mock('@ushirika/shared/forms', () => {
  mockRecordLoad('forms');
  return jest.requireActual('@ushirika/shared/forms');
});
jest.mock('@ushirika/shared/validation', () => {
  mockRecordLoad('validation');
  return jest.requireActual('@ushirika/shared/validation');
});
/** A function declaration, so that it exists even when a module is loaded while this file's imports run. */
function mockRecordLoad(name: string) {
  loadedModules().push(name);
}
function loadedModules(): string[] {
  const holder = globalThis as { loadedModules?: string[] };
  return (holder.loadedModules ??= []);
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

it('loads the forms and the validation kit with the first form, not with the list', async () => {
  const row: GroupType = { id: 3, name: 'Choir', description: '', createdAt: '2026-01-04T08:00:00Z', Partner: { name: 'Grace' }, version: 1 };
  fakeServer.rows.set('group_types', [row]);
  const list = await open('/demo/kinds');
  expect(await screen.findByText('Choir')).toBeInTheDocument();
  expect(loadedModules()).toEqual([]);
  list.unmount();

  await open('/demo/kinds/new');
  expect(await screen.findByRole('heading', { name: 'New Kind' })).toBeInTheDocument();
  expect(screen.getByLabelText('Kind name')).toBeInTheDocument();
  expect(loadedModules().sort()).toEqual(['forms', 'validation']);
});
