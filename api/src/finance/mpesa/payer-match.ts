import { sql, type RawBuilder } from 'kysely';
import { normalizePhone } from '@ushirika/shared/validation';
import type { MsisdnHashForm } from '../../config';
import type { TenantScope } from '../../db/tenant-scope';

/*
 * Which of the partner's contacts paid (issue 31.3; docs/integrations.md, "Payers whose number is hidden").
 * Safaricom's C2B callbacks carry the payer's MSISDN as a number (2547…), as the SHA-256 hex digest of the
 * number (which string is hashed is not published: MPESA_MSISDN_HASH_FORMS, api/src/config.ts), or masked
 * (`2547 ***** 126`, `254712***678`) with only the first name. Everything is matched in SQL on indexes of
 * migration 0021, so a partner with 100,000 contacts is never loaded into Node nor hashed per payment.
 */

/** A payer's MSISDN as read: a phone number (E.164), a digest, the visible digits of a masked one, or nothing usable. */
export type PayerNumber = { kind: 'number'; phone: string } | { kind: 'hashed'; digest: string } | { kind: 'masked'; head: string; tail: string } | { kind: 'unknown' };

const SHA256_HEX = /^[0-9a-f]{64}$/i;
/** Leading digits, one or more '*', trailing digits (spaces dropped first). */
const MASKED = /^\+?(\d+)\*+(\d+)$/;

/**
 * How the MSISDN of a payment reads. A masked number's leading digits are kept in E.164 ('+2547'): given as
 * 2547… or as 07… (Kenyan national; Daraja is Safaricom Kenya's); any other start cannot be placed.
 */
export function readPayerNumber(msisdn: string, country: string): PayerNumber {
  const text = msisdn.trim();
  if (SHA256_HEX.test(text)) return { kind: 'hashed', digest: text.toLowerCase() };
  const masked = MASKED.exec(text.replace(/\s+/g, ''));
  if (masked) {
    const [, lead, tail] = masked as unknown as [string, string, string];
    const head = lead.startsWith('254') ? `+${lead}` : lead.startsWith('0') ? `+254${lead.slice(1)}` : undefined;
    return head === undefined ? { kind: 'unknown' } : { kind: 'masked', head, tail };
  }
  const phone = normalizePhone(text, country);
  return phone === null ? { kind: 'unknown' } : { kind: 'number', phone };
}

/** Each hash form as SQL over members.phone (E.164), exactly the expressions migration 0021 indexes. */
const FORM_DIGESTS: Record<MsisdnHashForm, { digest: RawBuilder<Buffer>; only?: RawBuilder<boolean> }> = {
  // 2547XXXXXXXX
  international: { digest: sql`sha256(decode(substr(m.phone, 2), 'escape'))` },
  // 07XXXXXXXX: Kenyan numbers only (the partial index's condition, which the query must repeat to use it).
  national: { digest: sql`sha256(decode('0' || substr(m.phone, 5), 'escape'))`, only: sql`m.phone like '+254%'` },
};

/** The accented letters a first name is compared without (migration 0021 holds a copy for its backfill). */
const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ';
const FOLD_TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy';
/** A first name trimmed, without accents and case, in SQL: the same in PGlite and PostgreSQL whatever their locale. */
const folded = (name: RawBuilder<string>) => sql<string>`lower(translate(trim(${name}), ${FOLD_FROM}, ${FOLD_TO}))`;

/** A contact offered for a payment (a masked number that several contacts fit). */
export interface ContactSuggestion {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
}

/** The most suggestions offered: a masked number with a common first name may fit many contacts. */
export const MAX_SUGGESTIONS = 20;

/** What a payment's payer comes to: the income's phone, the contact it is linked to, and suggestions when that is not sure. */
export interface PayerMatch {
  /** E.164: the contact's, or the plain MSISDN's; '' when neither is known. */
  phone: string;
  memberId: number | null;
  /** Contacts that fit a masked number when more than one does (never one: that one is linked). */
  suggestions: ContactSuggestion[];
}

export interface Payer {
  msisdn: string;
  firstName: string;
}

/** The contact with this E.164 number (unique per partner). */
async function contactWithPhone(scope: TenantScope, phone: string) {
  return scope.selectFrom('members as m').select(['m.id', 'm.phone']).where('m.phone', '=', phone).executeTakeFirst();
}

/** The contact whose number, written in one of `forms` (in order), hashes to `digest`: one index probe per form. */
async function contactWithDigest(scope: TenantScope, digest: string, forms: readonly MsisdnHashForm[]) {
  for (const form of forms) {
    const { digest: expression, only } = FORM_DIGESTS[form];
    const found = await scope
      .selectFrom('members as m')
      .select(['m.id', 'm.phone'])
      .where(sql<boolean>`${expression} = decode(${digest}, 'hex')`)
      .$if(only !== undefined, (q) => q.where(only!))
      .executeTakeFirst();
    if (found) return found;
  }
  return undefined;
}

/**
 * The contacts whose number starts with `head` and ends with `tail` and whose first name is `firstName`
 * (trimmed, without case or accents), at most `limit`: the reversed-number index finds those ending so.
 */
export async function contactsFittingMask(scope: TenantScope, head: string, tail: string, firstName: string, limit: number): Promise<ContactSuggestion[]> {
  if (firstName.trim() === '') return [];
  const rows = await scope
    .selectFrom('members as m')
    .select(['m.id', 'm.first_name', 'm.last_name', 'm.phone'])
    .where(sql<boolean>`reverse(m.phone) like ${[...tail].reverse().join('') + '%'}`)
    .where(sql<boolean>`left(m.phone, ${head.length}::int) = ${head}`)
    .where(sql<boolean>`length(m.phone) >= ${head.length + tail.length}::int`)
    .where(sql<boolean>`${folded(sql.ref('m.first_name'))} = ${folded(sql`${firstName}::text`)}`)
    // Archived contacts are no choice (issue 26.5); a payment from an archived contact's exact number still links.
    .where('m.archived_at', 'is', null)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, firstName: row.first_name, lastName: row.last_name, phone: row.phone }));
}

/**
 * The partner's contact who made a payment: by the number itself, by the digest of their number in one of the
 * configured forms, or, for a masked number, the one contact with its visible digits and the payer's first name
 * (several: suggestions, never a guess). Runs inside the caller's transaction when given one.
 */
export async function matchPayer(scope: TenantScope, payer: Payer, country: string, forms: readonly MsisdnHashForm[]): Promise<PayerMatch> {
  const number = readPayerNumber(payer.msisdn, country);
  const linked = (contact: { id: number; phone: string } | undefined, phone = ''): PayerMatch =>
    contact ? { phone: contact.phone, memberId: contact.id, suggestions: [] } : { phone, memberId: null, suggestions: [] };
  switch (number.kind) {
    case 'number':
      return linked(await contactWithPhone(scope, number.phone), number.phone);
    case 'hashed':
      return linked(await contactWithDigest(scope, number.digest, forms));
    case 'masked': {
      // One more than one is all it takes to know the fit is not sure.
      const fits = await contactsFittingMask(scope, number.head, number.tail, payer.firstName, MAX_SUGGESTIONS);
      return fits.length === 1 ? linked(fits[0]) : { phone: '', memberId: null, suggestions: fits };
    }
    default:
      return linked(undefined);
  }
}
