import type { Attendee } from '@ushirika/shared/contract';

/** A person's name as the register shows it. */
export const fullName = (person: Attendee) => `${person.firstName} ${person.lastName}`.trim();

const byName = (a: Attendee, b: Attendee) => fullName(a).localeCompare(fullName(b)) || a.memberId - b.memberId;

/**
 * The names a register lists: the group's members and whoever else was ticked (a visitor from another group, found
 * by search), each once, by name.
 */
export function registerPeople(groupPeople: readonly Attendee[], ticked: readonly Attendee[]): Attendee[] {
  const people = new Map<number, Attendee>();
  for (const person of [...groupPeople, ...ticked]) if (!people.has(person.memberId)) people.set(person.memberId, person);
  return [...people.values()].sort(byName);
}

/**
 * The people whose name or number holds every word typed (any case). A word of digits also matches the number as
 * typed locally: '0712 000 017' finds +254712000017.
 */
export function matching(people: readonly Attendee[], typed: string): readonly Attendee[] {
  const words = typed.toLowerCase().match(/[^\s\d][^\s]*|[\d\s+]+\d/g) ?? [];
  const terms = words.map((word) => word.trim()).filter(Boolean);
  if (terms.length === 0) return people;
  return people.filter((person) => {
    const name = `${person.firstName} ${person.lastName}`.toLowerCase();
    return terms.every((term) => {
      if (!/^[\d\s+]+$/.test(term)) return name.includes(term);
      const digits = term.replace(/\D/g, '').replace(/^0/, '');
      // A short number is part of a name ('Member 7'); three digits or more may be a phone number.
      return name.includes(term) || (digits.length >= 3 && person.phone.includes(digits));
    });
  });
}
