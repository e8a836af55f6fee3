import { expect } from '@playwright/test';
import type { apiAs } from './demo';

/** An authorised API caller from `apiAs`. */
export type ApiCaller = Awaited<ReturnType<typeof apiAs>>;

/** A Kenyan mobile number no other test run is likely to use, written the local way: 07xx xxx xxx. */
export function randomMobile(): string {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

/** The E.164 form the server stores ('0712 345 678' -> '+254712345678'). */
export const e164 = (localMobile: string) => `+254${localMobile.replace(/\s/g, '').slice(1)}`;

export interface NewContact {
  firstName: string;
  lastName: string;
  gender: 'M' | 'F' | 'O';
  mobile: string;
  residence: string;
}

/** Creates a contact through POST /member and returns its id. */
export async function createContact(api: ApiCaller, contact: NewContact): Promise<number> {
  const response = await api.post('member', contact);
  expect(response.status()).toBe(201);
  return ((await response.json()) as { member: { id: number } }).member.id;
}
