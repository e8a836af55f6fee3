import { meetingTypesEndpoint } from '@ushirika/shared/contract';
import { dateAddedColumn, defineResource, organisationColumn } from '@ushirika/shared/ui';
import { meetingTypeSchema } from '@ushirika/shared/validation';

/** Meeting types (spec 2.11): /meetings/meetingtypes, new and edit; `/meeting_types`. */
export const meetingTypes = defineResource({
  name: 'meetingTypes',
  endpoint: meetingTypesEndpoint,
  schema: meetingTypeSchema,
  parent: 'meetings.heading',
  routes: { list: '/meetings/meetingtypes', new: '/meetings/meetingtypes/new', edit: '/meetings/meetingtypes/edit' },
  columns: [organisationColumn, { key: 'name' }, { key: 'description' }, dateAddedColumn],
  fields: [{ name: 'name' }, { name: 'description', kind: 'textarea' }],
  texts: {
    en: {
      title: 'Meeting Types',
      add: 'New Meeting Type',
      new: 'New Meeting Type',
      edit: 'Edit Meeting Type',
      'column.name': 'Meeting Type Name',
      'column.description': 'Description',
      'field.name': 'Type Name',
      'field.description': 'Description',
    },
    es: {
      title: 'Tipos de reunión',
      add: 'Nuevo tipo de reunión',
      new: 'Nuevo tipo de reunión',
      edit: 'Editar tipo de reunión',
      'column.name': 'Nombre del tipo de reunión',
      'column.description': 'Descripción',
      'field.name': 'Nombre del tipo',
      'field.description': 'Descripción',
    },
    pt: {
      title: 'Tipos de reunião',
      add: 'Novo tipo de reunião',
      new: 'Novo tipo de reunião',
      edit: 'Editar tipo de reunião',
      'column.name': 'Nome do tipo de reunião',
      'column.description': 'Descrição',
      'field.name': 'Nome do tipo',
      'field.description': 'Descrição',
    },
    fr: {
      title: 'Types de réunion',
      add: 'Nouveau type de réunion',
      new: 'Nouveau type de réunion',
      edit: 'Modifier le type de réunion',
      'column.name': 'Nom du type de réunion',
      'column.description': 'Description',
      'field.name': 'Nom du type',
      'field.description': 'Description',
    },
    sw: {
      title: 'Aina za Mikutano',
      add: 'Aina Mpya ya Mkutano',
      new: 'Aina Mpya ya Mkutano',
      edit: 'Hariri Aina ya Mkutano',
      'column.name': 'Jina la Aina ya Mkutano',
      'column.description': 'Maelezo',
      'field.name': 'Jina la Aina',
      'field.description': 'Maelezo',
    },
  },
});
