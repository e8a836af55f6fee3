import { useCallback, useEffect, useState } from 'react';
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
  const [people, setPeople] = useState<Person[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(undefined);
    loadAllGroupMembers(groupId, controller.signal).then(
      (members) => {
        if (controller.signal.aborted) return;
        setPeople(members.map(fromGroupMember));
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [groupId]);

  return {
    people,
    loading,
    error,
    add: useCallback((person: Person) => setPeople((current) => addPerson(current, person)), []),
    remove: useCallback((id: number) => setPeople((current) => removePerson(current, id)), []),
  };
}
