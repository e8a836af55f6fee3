import type { GroupMember, Member } from '@ushirika/shared/contract';
import { addPerson, fromContact, fromGroupMember, removePerson, type Person } from './selection';

const jane: Person = { id: 1, firstName: 'Jane', lastName: 'Wanjiku', phone: '+254712345678' };
const peter: Person = { id: 2, firstName: 'Peter', lastName: 'Otieno', phone: '+254722000111' };

describe('membership selection', () => {
  it('adds a person once, at the end', () => {
    expect(addPerson([jane], peter)).toEqual([jane, peter]);
    expect(addPerson([jane, peter], { ...jane })).toEqual([jane, peter]);
  });

  it('removes a person by id and leaves the others in order', () => {
    expect(removePerson([jane, peter], 1)).toEqual([peter]);
    expect(removePerson([jane], 99)).toEqual([jane]);
  });

  it('reads a contact row and a group-member row as the same person', () => {
    const contact: Member = {
      ...jane,
      gender: 'F',
      email: '',
      residence: 'Nakuru',
      createdAt: '2026-01-01',
      Partner: { name: 'Grace' },
      version: 1,
      archivedAt: null,
      erased: false,
      dateOfBirth: null,
      membershipStatus: '',
      maritalStatus: '',
      externalId: '',
      household: null,
    };
    const member: GroupMember = {
      MemberId: 1,
      Member: { firstName: 'Jane', lastName: 'Wanjiku', gender: 'F', phone: '+254712345678', email: '' },
      createdAt: '2026-01-02',
    };
    expect(fromContact(contact)).toEqual(jane);
    expect(fromGroupMember(member)).toEqual(jane);
  });
});
