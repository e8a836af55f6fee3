import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { loadAllGroupMembers } from './api';
import { addPerson, fromGroupMember, removePerson, type Person } from './selection';

export interface GroupSelection {
  /** The members as edited so far; nothing is saved until the user says so (spec 4). */
  people: Person[];
  /** True until the group's current members have arrived. */
  loading: boolean;
  /** Why the current members could not be loaded: saving then would wipe the group, so it is refused. */
  error: unknown;
  add: (person: Person) => void;
  remove: (id: number) => void;
}

/** The membership editor's right-hand list, starting from the group's current members. */
export function useGroupSelection(groupId: number): GroupSelection {
  const current = useQuery({
    queryKey: [`groupmembers/${groupId}`, 'all'],
    queryFn: ({ signal }) => loadAllGroupMembers(groupId, signal),
    // The editor starts from the members as they are now, never from a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
  // The user's edits, once they start; until then the group's current members.
  const [edited, setEdited] = useState<Person[] | null>(null);
  const people = edited ?? current.data?.map(fromGroupMember) ?? [];
  const change = useCallback((edit: (people: Person[]) => Person[]) => setEdited((before) => edit(before ?? current.data?.map(fromGroupMember) ?? [])), [current.data]);

  return {
    people,
    // A copy from an earlier visit may show while the members are read again: nothing is saved from it.
    loading: current.isPending || (edited === null && current.isFetching),
    error: current.error ?? undefined,
    add: useCallback((person: Person) => change((list) => addPerson(list, person)), [change]),
    remove: useCallback((id: number) => change((list) => removePerson(list, id)), [change]),
  };
}
