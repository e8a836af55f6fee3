import {
  endpoint,
  GENDER_LABELS,
  GENDERS,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
  MEMBERSHIP_STATUS_LABELS,
  MEMBERSHIP_STATUSES,
  memberRow,
  type Member,
} from '@ushirika/shared/contract';
import { defineResource, validationSchema, type Choice, type ColumnSpec, type FieldSpec } from '@ushirika/shared/ui';
import { GenderText } from './GenderText';
import { HouseholdText } from './HouseholdText';

/** GET/POST /member, PUT and GET /member/{id}: the spec's names ('member', answered as `members` and `member`). */
export const contactsEndpoint = endpoint<Member>({ path: 'member', singular: 'member', plural: 'members', row: memberRow, savedText: 'New contact saved successfully!' });

/** A select's fixed choices from a contract list of codes and its labels (English text ids). */
const choicesOf = <Code extends string>(codes: readonly Code[], labels: Record<Code, string>): Choice[] => codes.map((code) => ({ value: code, label: labels[code] }));

/** The spec's fields (spec 5, 'Contact'): both forms. Gender and residence are optional since issue 27. */
const specFields: FieldSpec[] = [
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'gender', kind: 'select', choices: choicesOf(GENDERS, GENDER_LABELS) },
  { name: 'mobile', kind: 'tel' },
  { name: 'residence' },
];

/** What a church keeps besides (issue 27.5), each optional: the selects' first choice is 'Select one' (none). */
const churchFields: FieldSpec[] = [
  { name: 'dateOfBirth', kind: 'date' },
  { name: 'membershipStatus', kind: 'select', choices: choicesOf(MEMBERSHIP_STATUSES, MEMBERSHIP_STATUS_LABELS) },
  { name: 'maritalStatus', kind: 'select', choices: choicesOf(MARITAL_STATUSES, MARITAL_STATUS_LABELS) },
  { name: 'externalId', hint: true },
];

/**
 * The person's columns of a contact row, as All Contacts and a group's members show them (`contactColumns` points
 * them into a group-member row).
 */
export const personColumns: ColumnSpec<Member>[] = [
  { key: 'firstName' },
  { key: 'lastName' },
  { key: 'gender', render: (value: string) => <GenderText value={value} /> },
  { key: 'mobile', dataIndex: 'phone' },
  { key: 'email' },
];

/**
 * Contacts (spec 2.7, 5; issue 27.8): /contacts/default, /contacts/new and /contacts/edit/<id>, `/member`. The new
 * form asks the spec's fields and the church's; the edit form adds the email (the spec's edit form has it, the
 * new one does not). The list (filters, archived contacts, import and export) and the edit screen (household,
 * archive and erasure, history) are the area's own compositions around this description (routes.tsx).
 */
export const contacts = defineResource({
  name: 'contacts',
  endpoint: contactsEndpoint,
  schema: validationSchema('contactSchema'),
  edit: {
    schema: validationSchema('contactEditSchema'),
    fields: [...specFields, { name: 'email', kind: 'email' }, ...churchFields],
  },
  parent: 'contacts.heading',
  routes: { list: '/contacts/default', new: '/contacts/new', edit: '/contacts/edit' },
  permissions: { read: 'contacts.read', write: 'contacts.write', export: 'contacts.transfer' },
  columns: [
    ...personColumns,
    { key: 'household', render: (_: never, member: Member) => <HouseholdText household={member.household} /> },
    { key: 'createdAt', render: 'date' },
  ],
  fields: [...specFields, ...churchFields],
  // The row's `phone` is the form's `mobile` (the spec's name in the bodies); a date of birth not known (null) is empty.
  toForm: ({ firstName, lastName, gender, phone, residence, email, dateOfBirth, membershipStatus, maritalStatus, externalId }: Member) => ({
    firstName,
    lastName,
    gender,
    mobile: phone,
    residence,
    email,
    dateOfBirth,
    membershipStatus,
    maritalStatus,
    externalId,
  }),
  texts: {
    en: {
      title: 'All Contacts',
      add: 'New Contact',
      new: 'New Contact',
      edit: 'Edit Contact',
      'column.firstName': 'First Name',
      'column.lastName': 'Last Name',
      'column.gender': 'Gender',
      'column.mobile': 'Mobile',
      'column.email': 'Email',
      'column.household': 'Household',
      'column.createdAt': 'Date Added',
      'column.archivedAt': 'Archived on',
      'field.firstName': 'First Name',
      'field.lastName': 'Last Name',
      'field.gender': 'Gender',
      'field.mobile': 'Mobile',
      'field.residence': 'Residence',
      'field.email': 'Email',
      'field.dateOfBirth': 'Date of birth',
      'field.membershipStatus': 'Membership status',
      'field.maritalStatus': 'Marital status',
      'field.externalId': 'External ID',
      'hint.externalId': 'Their id in the system you imported them from, if any: a later import finds them by it.',
    },
    es: {
      title: 'Todos los contactos',
      add: 'Nuevo contacto',
      new: 'Nuevo contacto',
      edit: 'Editar contacto',
      'column.firstName': 'Nombre',
      'column.lastName': 'Apellido',
      'column.gender': 'Género',
      'column.mobile': 'Móvil',
      'column.email': 'Correo electrónico',
      'column.household': 'Hogar',
      'column.createdAt': 'Fecha de alta',
      'column.archivedAt': 'Archivado el',
      'field.firstName': 'Nombre',
      'field.lastName': 'Apellido',
      'field.gender': 'Género',
      'field.mobile': 'Móvil',
      'field.residence': 'Residencia',
      'field.email': 'Correo electrónico',
      'field.dateOfBirth': 'Fecha de nacimiento',
      'field.membershipStatus': 'Estado de membresía',
      'field.maritalStatus': 'Estado civil',
      'field.externalId': 'ID externo',
      'hint.externalId': 'Su identificador en el sistema del que lo importó, si lo tiene: una importación posterior lo encuentra por él.',
    },
    pt: {
      title: 'Todos os contactos',
      add: 'Novo contacto',
      new: 'Novo contacto',
      edit: 'Editar contacto',
      'column.firstName': 'Nome',
      'column.lastName': 'Apelido',
      'column.gender': 'Género',
      'column.mobile': 'Telemóvel',
      'column.email': 'E-mail',
      'column.household': 'Agregado familiar',
      'column.createdAt': 'Data de criação',
      'column.archivedAt': 'Arquivado em',
      'field.firstName': 'Nome',
      'field.lastName': 'Apelido',
      'field.gender': 'Género',
      'field.mobile': 'Telemóvel',
      'field.residence': 'Residência',
      'field.email': 'E-mail',
      'field.dateOfBirth': 'Data de nascimento',
      'field.membershipStatus': 'Situação de membro',
      'field.maritalStatus': 'Estado civil',
      'field.externalId': 'ID externo',
      'hint.externalId': 'O identificador no sistema de onde o importou, se existir: uma importação posterior encontra-o por ele.',
    },
    fr: {
      title: 'Tous les contacts',
      add: 'Nouveau contact',
      new: 'Nouveau contact',
      edit: 'Modifier le contact',
      'column.firstName': 'Prénom',
      'column.lastName': 'Nom',
      'column.gender': 'Genre',
      'column.mobile': 'Mobile',
      'column.email': 'E-mail',
      'column.household': 'Foyer',
      'column.createdAt': 'Date d’ajout',
      'column.archivedAt': 'Archivé le',
      'field.firstName': 'Prénom',
      'field.lastName': 'Nom',
      'field.gender': 'Genre',
      'field.mobile': 'Mobile',
      'field.residence': 'Lieu de résidence',
      'field.email': 'E-mail',
      'field.dateOfBirth': 'Date de naissance',
      'field.membershipStatus': 'Statut de membre',
      'field.maritalStatus': 'Situation matrimoniale',
      'field.externalId': 'Identifiant externe',
      'hint.externalId': 'Son identifiant dans le système d’où vous l’avez importé, s’il en a un : une importation ultérieure le retrouve grâce à lui.',
    },
    sw: {
      title: 'Mawasiliano Yote',
      add: 'Mwasiliani Mpya',
      new: 'Mwasiliani Mpya',
      edit: 'Hariri Mwasiliani',
      'column.firstName': 'Jina la Kwanza',
      'column.lastName': 'Jina la Mwisho',
      'column.gender': 'Jinsia',
      'column.mobile': 'Simu',
      'column.email': 'Barua pepe',
      'column.household': 'Kaya',
      'column.createdAt': 'Tarehe ya Kuongezwa',
      'column.archivedAt': 'Tarehe ya Kuhifadhiwa',
      'field.firstName': 'Jina la Kwanza',
      'field.lastName': 'Jina la Mwisho',
      'field.gender': 'Jinsia',
      'field.mobile': 'Simu',
      'field.residence': 'Makazi',
      'field.email': 'Barua pepe',
      'field.dateOfBirth': 'Tarehe ya kuzaliwa',
      'field.membershipStatus': 'Hali ya uanachama',
      'field.maritalStatus': 'Hali ya ndoa',
      'field.externalId': 'Kitambulisho cha nje',
      'hint.externalId': 'Kitambulisho chake katika mfumo ulikomleta kutoka, kama kipo: uletaji unaofuata utampata kwacho.',
    },
  },
});
