import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry } from '@ushirika/shared/validation';
import { hashPassword } from '../auth/passwords';
import type { Database, PartnerSetting } from '../db/schema';

/** Partner (tenant) and user administration: used by the ops CLI and by tests, never over HTTP. */

export interface NewPartner {
  name: string;
  product: string;
  smsUnits: number;
  /** ISO 3166-1 alpha-2 code libphonenumber knows; Kenya ('KE') when not given. */
  country?: string;
}

/** Thrown for a country code that is not two upper-case letters libphonenumber has numbering rules for. */
export class UnknownCountryError extends Error {
  constructor(readonly country: string) {
    super(`"${country}" is not a country code we know (ISO 3166-1 alpha-2 in capitals, e.g. KE, UG, TZ, RW)`);
  }
}

function checkedCountry(country: string): string {
  if (!isPhoneCountry(country)) throw new UnknownCountryError(country);
  return country;
}

export async function createPartner(db: Kysely<Database>, partner: NewPartner): Promise<number> {
  const country = checkedCountry(partner.country ?? DEFAULT_PHONE_COUNTRY);
  // The 'Sms Units' setting of the dashboard (spec 3) is answered from sms_units, never stored twice.
  const settings: PartnerSetting[] = [];
  // The partner and its opening ledger entry together: inside the caller's transaction (the seed's), or in its own.
  const together = <T>(work: (trx: Kysely<Database>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return together(async (trx) => {
    const { id } = await trx
      .insertInto('partners')
      .values({ name: partner.name, product: partner.product, sms_units: partner.smsUnits, settings: JSON.stringify(settings), country })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (partner.smsUnits > 0) {
      await trx
        .insertInto('sms_unit_entries')
        .values({ tenant_id: id, change: partner.smsUnits, balance_after: partner.smsUnits, reason: 'opening', send_id: null, note: 'Balance at creation' })
        .execute();
    }
    return id;
  });
}

/**
 * Sets the country a partner's local phone numbers are read in. Returns false when there is no such
 * partner. Contacts already stored keep their numbers (E.164 carries its own country).
 */
export async function setPartnerCountry(db: Kysely<Database>, partnerId: number, country: string): Promise<boolean> {
  const result = await db
    .updateTable('partners')
    .set({ country: checkedCountry(country) })
    .where('id', '=', partnerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The partner's country (the tenant's): what its users' local phone numbers are read as. */
export async function partnerCountry(db: Kysely<Database>, tenantId: number): Promise<string> {
  const row = await db.selectFrom('partners').select('country').where('id', '=', tenantId).executeTakeFirst();
  return row?.country ?? DEFAULT_PHONE_COUNTRY;
}

/** A paybill or till number (migration 0007 holds the same rule). */
export const MPESA_SHORT_CODE = /^\d{5,7}$/;
/**
 * A callback secret: URL-safe, 12 to 100 characters (a path parameter longer than 100 characters is no
 * route to Fastify). It is the only guard of the C2B callbacks: generate it (`newCallbackSecret`).
 */
export const MPESA_CALLBACK_SECRET = /^[A-Za-z0-9_-]{12,100}$/;

/** 32 URL-safe random characters (192 bits). */
export const newCallbackSecret = (): string => randomBytes(24).toString('base64url');

/**
 * Sets the M-Pesa paybill (or till) number a partner takes C2B payments on and the secret in its callback
 * paths (`pnpm ops set-mpesa`). Returns false when there is no such partner. Throws RangeError for a short
 * code or secret of the wrong form, and the database's unique violation when another partner has the secret.
 */
export async function setPartnerMpesa(db: Kysely<Database>, partnerId: number, mpesa: { shortCode: string; secret: string }): Promise<boolean> {
  if (!MPESA_SHORT_CODE.test(mpesa.shortCode)) throw new RangeError('The short code must be 5 to 7 digits');
  if (!MPESA_CALLBACK_SECRET.test(mpesa.secret)) throw new RangeError('The secret must be 12 to 100 letters, digits, - or _');
  const result = await db
    .updateTable('partners')
    .set({ mpesa_short_code: mpesa.shortCode, mpesa_callback_secret: mpesa.secret })
    .where('id', '=', partnerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface NewUser {
  partnerId: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function createUser(db: Kysely<Database>, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      partner_id: user.partnerId,
      email: user.email.trim(),
      password_hash: await hashPassword(user.password),
      first_name: user.firstName,
      last_name: user.lastName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function partnerExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('partners').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export function listPartners(db: Kysely<Database>) {
  return db
    .selectFrom('partners as p')
    .leftJoin('users as u', 'u.partner_id', 'p.id')
    .select(['p.id', 'p.name', 'p.product', 'p.country', 'p.time_zone', 'p.sms_units', sql<number>`count(u.id)::int`.as('users')])
    .groupBy('p.id')
    .orderBy('p.id')
    .execute();
}
