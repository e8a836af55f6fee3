import type { ContactSuggestion } from '@ushirika/shared/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchContacts } from './api';

/** A contact as an option reads: 'Amani Otieno (+254722111222)'. */
export const personText = ({ firstName, lastName, phone }: Pick<ContactSuggestion, 'firstName' | 'lastName' | 'phone'>) =>
  `${`${firstName} ${lastName}`.trim()} (${phone})`;

/** Fewer characters search nothing: one letter matches half the contacts. */
const SEARCH_MIN_LENGTH = 2;

/**
 * The contacts search as the user types (`GET /member?searchKey=`: names or number, as the contacts list searches),
 * for a select that picks a contact: `found` holds the last answer; each new text cancels the request before it.
 */
export function useContactSearch(): { found: ContactSuggestion[]; search: (text: string) => void } {
  const [found, setFound] = useState<ContactSuggestion[]>([]);
  const searching = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => searching.current?.abort(), []);
  const search = useCallback((text: string) => {
    searching.current?.abort();
    if (text.trim().length < SEARCH_MIN_LENGTH) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    searching.current = controller;
    searchContacts(text.trim(), controller.signal).then(setFound, () => undefined);
  }, []);
  return { found, search };
}
