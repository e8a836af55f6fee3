import { TeamOutlined } from '@ant-design/icons';
import { groupsEndpoint, type Group } from '@ushirika/shared/contract';
import { dateAddedColumn, defineResource, organisationColumn, ResourceListPage, useOpenEditor, validationSchema } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { GROUP_MEMBERS_PATH, lastGroupMembersPath } from '../group-members/paths';
import { groupTypes } from '../group-types/resource';

/** Opens the members list of this row's group (`/contacts/groups/members/<id>`). */
function ViewMembersButton({ group }: { group: Group }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="link" icon={<TeamOutlined aria-hidden />} onClick={() => openEditor(GROUP_MEMBERS_PATH, group)}>
      <FormattedMessage id="groups.column.members" />
    </Button>
  );
}

/** 'Group Members': the members list of the group viewed last. */
function GroupMembersLink() {
  const navigate = useNavigate();
  return (
    <Button icon={<TeamOutlined aria-hidden />} onClick={() => navigate(lastGroupMembersPath())}>
      <FormattedMessage id="groups.membersLink" />
    </Button>
  );
}

/**
 * Groups (spec 2.8): /contacts/groups, new and edit; `/groups`. The edit is also reached at
 * /contacts/sgroups/edit, the legacy list's link (spec 2.5): routes.tsx mounts it there too.
 */
export const groups = defineResource({
  name: 'groups',
  endpoint: groupsEndpoint,
  schema: validationSchema('groupSchema'),
  parent: 'contacts.heading',
  routes: { list: '/contacts/groups', new: '/contacts/groups/new', edit: '/contacts/groups/edit' },
  permissions: { read: 'groups.read', write: 'groups.write' },
  columns: [
    organisationColumn,
    { key: 'name' },
    { key: 'description' },
    dateAddedColumn,
    { key: 'members', render: (_: never, group: Group) => <ViewMembersButton group={group} /> },
  ],
  fields: [
    // Every group type, not the legacy first 25 (docs/spec-deviations.md).
    { name: 'groupType', kind: 'select', choices: { from: groupTypes } },
    { name: 'name' },
    { name: 'description', kind: 'textarea' },
    { name: 'brandName' },
  ],
  texts: {
    en: {
      title: 'Groups',
      add: 'New Group',
      new: 'New Group',
      edit: 'Edit Group',
      membersLink: 'Group Members',
      'column.name': 'Group Name',
      'column.description': 'Description',
      'column.members': 'View Members',
      'field.groupType': 'Group Type',
      'field.name': 'Name',
      'field.description': 'Description',
      'field.brandName': 'Brand Name',
    },
    es: {
      title: 'Grupos',
      add: 'Nuevo grupo',
      new: 'Nuevo grupo',
      edit: 'Editar grupo',
      membersLink: 'Miembros del grupo',
      'column.name': 'Nombre del grupo',
      'column.description': 'Descripción',
      'column.members': 'Ver miembros',
      'field.groupType': 'Tipo de grupo',
      'field.name': 'Nombre',
      'field.description': 'Descripción',
      'field.brandName': 'Nombre de marca',
    },
    pt: {
      title: 'Grupos',
      add: 'Novo grupo',
      new: 'Novo grupo',
      edit: 'Editar grupo',
      membersLink: 'Membros do grupo',
      'column.name': 'Nome do grupo',
      'column.description': 'Descrição',
      'column.members': 'Ver membros',
      'field.groupType': 'Tipo de grupo',
      'field.name': 'Nome',
      'field.description': 'Descrição',
      'field.brandName': 'Nome de marca',
    },
    fr: {
      title: 'Groupes',
      add: 'Nouveau groupe',
      new: 'Nouveau groupe',
      edit: 'Modifier le groupe',
      membersLink: 'Membres du groupe',
      'column.name': 'Nom du groupe',
      'column.description': 'Description',
      'column.members': 'Voir les membres',
      'field.groupType': 'Type de groupe',
      'field.name': 'Nom',
      'field.description': 'Description',
      'field.brandName': 'Nom de marque',
    },
    sw: {
      title: 'Vikundi',
      add: 'Kikundi Kipya',
      new: 'Kikundi Kipya',
      edit: 'Hariri Kikundi',
      membersLink: 'Wanachama wa Kikundi',
      'column.name': 'Jina la Kikundi',
      'column.description': 'Maelezo',
      'column.members': 'Tazama Wanachama',
      'field.groupType': 'Aina ya Kikundi',
      'field.name': 'Jina',
      'field.description': 'Maelezo',
      'field.brandName': 'Jina la Chapa',
    },
  },
});

/** The groups list with its 'Group Members' link. */
export function GroupsPage() {
  return <ResourceListPage resource={groups} tools={() => <GroupMembersLink />} />;
}
