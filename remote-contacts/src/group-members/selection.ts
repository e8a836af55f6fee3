import type { GroupMember, Member } from '@ushirika/shared/contract';

/** A contact as the membership editor lists it, on either side. */
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
}

export const fromContact = ({ id, firstName, lastName, phone }: Member): Person => ({ id, firstName, lastName, phone });

export const fromGroupMember = ({ MemberId, Member: { firstName, lastName, phone } }: GroupMember): Person => ({ id: MemberId, firstName, lastName, phone });

/** The selection with `person` added at the end, unless it is already in it (spec 2.8: no duplicates). */
export const addPerson = (selection: readonly Person[], person: Person): Person[] =>
  selection.some((p) => p.id === person.id) ? [...selection] : [...selection, person];

export const removePerson = (selection: readonly Person[], id: number): Person[] => selection.filter((p) => p.id !== id);
