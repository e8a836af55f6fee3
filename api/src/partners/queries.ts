import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { Database, PartnerSetting } from '../db/schema';

/** Partner (tenant) and user administration: used by the ops CLI and by tests, never over HTTP. */

export interface NewPartner {
  name: string;
  product: string;
  smsUnits: number;
}

export async function createPartner(db: Kysely<Database>, partner: NewPartner): Promise<number> {
  // The dashboard reads the balance from the 'Sms Units' setting (spec 3), so both are kept in step.
  const settings: PartnerSetting[] = [{ name: 'Sms Units', value: String(partner.smsUnits) }];
  const { id } = await db
    .insertInto('partners')
    .values({ name: partner.name, product: partner.product, sms_units: partner.smsUnits, settings: JSON.stringify(settings) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
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
    .select(['p.id', 'p.name', 'p.product', 'p.sms_units', sql<number>`count(u.id)::int`.as('users')])
    .groupBy('p.id')
    .orderBy('p.id')
    .execute();
}
