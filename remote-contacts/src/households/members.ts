import type { HouseholdDetail, HouseholdRole, Member } from '@ushirika/shared/contract';

/** A member as the household form holds them: the contact, shown by name and phone, and their role. */
export interface HouseholdMemberValue {
  memberId: number;
  firstName: string;
  lastName: string;
  phone: string;
  role: HouseholdRole;
}

/** The members of a household as its form starts from them (its page lists them head first). */
export const formMembers = (household?: HouseholdDetail): HouseholdMemberValue[] =>
  (household?.members ?? []).map(({ MemberId, firstName, lastName, phone, role }) => ({ memberId: MemberId, firstName, lastName, phone, role }));

/**
 * `members` with `contact` added at the end, unless it is one already: the household's head when it has none yet
 * (the first person added, usually), else 'other' until the user says.
 */
export function addMember(members: readonly HouseholdMemberValue[], contact: Pick<Member, 'id' | 'firstName' | 'lastName' | 'phone'>): HouseholdMemberValue[] {
  if (members.some((member) => member.memberId === contact.id)) return [...members];
  const role: HouseholdRole = members.some((member) => member.role === 'head') ? 'other' : 'head';
  return [...members, { memberId: contact.id, firstName: contact.firstName, lastName: contact.lastName, phone: contact.phone, role }];
}

export const fullName = ({ firstName, lastName }: { firstName: string; lastName: string }) => `${firstName} ${lastName}`.trim();
