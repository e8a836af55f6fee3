import type { Member } from '@ushirika/shared/contract';
import { PersonLink, resourceColumns, type ColumnSpec, type ListColumn } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import { contacts, personColumns } from './resource';

/** The columns that name the contact: each opens the person's page (issue 28.1). */
const NAME_COLUMNS = ['firstName', 'lastName'];
/**
 * What a row's card leaves out on a phone (issue 28.6): the card is titled with the contact's whole name and shows
 * their number (and household); gender, email and the date added stay in the table.
 */
const NOT_ON_CARDS = ['lastName', 'gender', 'email', 'createdAt'];

/** The contact's name columns linked to their page, and the card's key facts only. */
function personList<Row extends object>(columns: ListColumn<Row>[], idOf: (row: Row) => number): ListColumn<Row>[] {
  return columns.map((column) => {
    const key = String(column.key);
    const linked: ListColumn<Row> = NAME_COLUMNS.includes(key)
      ? {
          ...column,
          render: (value: string, row: Row, index: number) => (
            <PersonLink id={idOf(row)}>{column.render ? (column.render(value, row, index) as ReactNode) : value}</PersonLink>
          ),
        }
      : column;
    return NOT_ON_CARDS.includes(key) ? { ...linked, card: false } : linked;
  });
}

/** A row's card title on a phone: the contact's whole name, linked to their page. */
export const personCardTitle =
  <Row extends object>(idOf: (row: Row) => number, names: (row: Row) => { firstName: string; lastName: string }) =>
  (row: Row) => {
    const { firstName, lastName } = names(row);
    return <PersonLink id={idOf(row)}>{`${firstName} ${lastName}`.trim()}</PersonLink>;
  };

/**
 * All Contacts' columns (the contacts description's) with the names linked to the person's page, and the card
 * title that goes with them (ListPage `cardTitle`): on a phone each contact is a card of their name and number.
 */
export const contactList = {
  columns: personList<Member>(resourceColumns<Member>(contacts), (member) => member.id),
  cardTitle: personCardTitle<Member>(
    (member) => member.id,
    (member) => member,
  ),
};

/**
 * First Name, Last Name, Gender, Mobile, Email and Date Added: the columns of a group's members, with the texts
 * of All Contacts. `person` is where a row keeps the contact's fields (['Member'] for a group-member row), `idOf`
 * the contact's id (the names link to their page); Date Added is the row's own createdAt.
 */
export function contactColumns<Row extends object>(person: string[], idOf: (row: Row) => number): ListColumn<Row>[] {
  const within = (column: ColumnSpec<never>): ColumnSpec<Row> => ({ ...column, dataIndex: [...person, ...[column.dataIndex ?? column.key].flat()] });
  return personList(resourceColumns<Row>(contacts, [...personColumns.map(within), { key: 'createdAt', render: 'date' }]), idOf);
}
