import { groupTypesEndpoint } from '@ushirika/shared/contract';
import { dateAddedColumn, defineResource, organisationColumn } from '@ushirika/shared/ui';
import { groupTypeSchema } from '@ushirika/shared/validation';

/** Group types (spec 2.9): /contacts/grouptypes, new and edit; `/group_types`. */
export const groupTypes = defineResource({
  name: 'groupTypes',
  endpoint: groupTypesEndpoint,
  schema: groupTypeSchema,
  parent: 'contacts.heading',
  routes: { list: '/contacts/grouptypes', new: '/contacts/grouptypes/new', edit: '/contacts/grouptypes/edit' },
  columns: [organisationColumn, { key: 'name' }, { key: 'description' }, dateAddedColumn],
  fields: [{ name: 'name' }, { name: 'description', kind: 'textarea' }],
  texts: {
    en: {
      title: 'Group Types',
      add: 'New Group Type',
      new: 'New Group Type',
      edit: 'Edit Group Type',
      'column.name': 'Group Type Name',
      'column.description': 'Description',
      'field.name': 'Type Name',
      'field.description': 'Description',
    },
    es: {
      title: 'Tipos de grupo',
      add: 'Nuevo tipo de grupo',
      new: 'Nuevo tipo de grupo',
      edit: 'Editar tipo de grupo',
      'column.name': 'Nombre del tipo de grupo',
      'column.description': 'Descripción',
      'field.name': 'Nombre del tipo',
      'field.description': 'Descripción',
    },
    pt: {
      title: 'Tipos de grupo',
      add: 'Novo tipo de grupo',
      new: 'Novo tipo de grupo',
      edit: 'Editar tipo de grupo',
      'column.name': 'Nome do tipo de grupo',
      'column.description': 'Descrição',
      'field.name': 'Nome do tipo',
      'field.description': 'Descrição',
    },
    fr: {
      title: 'Types de groupe',
      add: 'Nouveau type de groupe',
      new: 'Nouveau type de groupe',
      edit: 'Modifier le type de groupe',
      'column.name': 'Nom du type de groupe',
      'column.description': 'Description',
      'field.name': 'Nom du type',
      'field.description': 'Description',
    },
    sw: {
      title: 'Aina za Vikundi',
      add: 'Aina Mpya ya Kikundi',
      new: 'Aina Mpya ya Kikundi',
      edit: 'Hariri Aina ya Kikundi',
      'column.name': 'Jina la Aina ya Kikundi',
      'column.description': 'Maelezo',
      'field.name': 'Jina la Aina',
      'field.description': 'Maelezo',
    },
  },
});
