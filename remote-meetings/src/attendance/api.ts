import { api, listQuery, loadAll, pageLoader } from '@ushirika/shared/api';
import {
  DROPDOWN_PAGE_SIZE,
  groupAbsenteesPath,
  meetingAttendeesPath,
  type Absentees,
  type Attendee,
  type AttendeesInput,
  type GroupMember,
  type Meeting,
  type MeetingAttendees,
  type Member,
  type SaveResponse,
} from '@ushirika/shared/contract';

/** GET /meetings/{id}/attendees: who was ticked present, the visitors, and the meeting's version the save sends. */
export const loadRegister = (id: number, signal?: AbortSignal) => api.get(meetingAttendeesPath(id), { signal }).json<MeetingAttendees>();

/** A group member or a contact as the register lists them. */
const fromGroupMember = (member: GroupMember): Attendee => ({
  memberId: member.MemberId,
  firstName: member.Member.firstName,
  lastName: member.Member.lastName,
  phone: member.Member.phone,
});
export const fromContact = (contact: Pick<Member, 'id' | 'firstName' | 'lastName' | 'phone'>): Attendee => ({
  memberId: contact.id,
  firstName: contact.firstName,
  lastName: contact.lastName,
  phone: contact.phone,
});

/** Every member of the group (GET /groupmembers/{id}, read in pages of the most a page holds): the names the register starts from. */
export async function loadGroupPeople(groupId: number, signal?: AbortSignal): Promise<Attendee[]> {
  const members = await loadAll(pageLoader<GroupMember>(`groupmembers/${groupId}`, 'members'), signal);
  return members.map(fromGroupMember);
}

/** GET /member?searchKey=: the first contacts matching a name or number, to add someone who is not in the group. */
export async function searchContacts(searchKey: string, signal?: AbortSignal): Promise<Attendee[]> {
  const page = await pageLoader<Member>('member', 'members')(listQuery({ page: 1, pagesize: DROPDOWN_PAGE_SIZE, searchKey }), signal);
  return page.rows.map(fromContact);
}

/** PUT /meetings/{id}/attendees over the version read: the whole register and the visitors; answers the meeting. */
export const saveRegister = (id: number, input: AttendeesInput) => api.put(meetingAttendeesPath(id), { json: input }).json<SaveResponse<'meeting', Meeting>>();

/** GET /groups/{id}/absentees?meetings=N: who of the group came to none of its last N meetings. */
export const loadAbsentees = (groupId: number, meetings: number, signal?: AbortSignal) =>
  api.get(groupAbsenteesPath(groupId), { searchParams: { meetings }, signal }).json<Absentees>();
