import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry } from '@ushirika/shared/validation';
import { hashPassword } from '../auth/passwords';
import { PARTNER_AREAS, type PartnerArea, type Role } from '@ushirika/shared/contract';
import type { Database, PartnerSetting } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';
import { DEFAULT_MPESA_CALLBACK_PREFIX } from '../config';
import { callbackUrlProblem, refusedUrlWord } from '../finance/mpesa/daraja';

/** Partner (tenant) and user administration: used by the ops CLI and by tests, never over HTTP. */

export interface NewPartner {
  name: string;
  product: string;
  smsUnits: number;
  /** ISO 3166-1 alpha-2 code libphonenumber knows; Kenya ('KE') when not given. */
  country?: string;
  /**
   * Whether its owners and treasurers must sign in with a second step (issue 25.6): the ops CLI turns it on in
   * production (NODE_ENV); off when not given (the seed's demo partners, tests). Its owners change it later.
   */
  requireTwoStep?: boolean;
  /** The areas an etracker partner has turned on beyond finance (issue 28.7); none when not given. */
  areas?: readonly PartnerArea[];
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
  return withinTransaction(db, async (trx) => {
    const { id } = await trx
      .insertInto('partners')
      .values({
        name: partner.name,
        product: partner.product,
        sms_units: partner.smsUnits,
        settings: JSON.stringify(settings),
        country,
        require_two_step: partner.requireTwoStep ?? false,
        areas: PARTNER_AREAS.filter((area) => partner.areas?.includes(area)),
      })
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

/**
 * Sets the areas an etracker partner has turned on beyond finance (issue 28.7: contacts, messaging; none turns
 * them off), in PARTNER_AREAS' order. Answers the areas it had before, or undefined when there is no such partner.
 */
export async function setPartnerAreas(db: Kysely<Database>, partnerId: number, areas: readonly PartnerArea[]): Promise<PartnerArea[] | undefined> {
  const before = await db.selectFrom('partners').select('areas').where('id', '=', partnerId).forUpdate().executeTakeFirst();
  if (!before) return undefined;
  const ordered = PARTNER_AREAS.filter((area) => areas.includes(area));
  await db.updateTable('partners').set({ areas: ordered }).where('id', '=', partnerId).execute();
  return PARTNER_AREAS.filter((area) => before.areas.includes(area));
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

/**
 * 32 URL-safe random characters (192 bits), drawn again until they hold no word Safaricom refuses in a
 * callback URL (`refusedUrlWord`: 'exe', 'sql', 'cmd'... turn up in about one secret in 300).
 */
export function newCallbackSecret(): string {
  for (;;) {
    const secret = randomBytes(24).toString('base64url');
    if (refusedUrlWord(secret) === undefined) return secret;
  }
}

/** What a partner takes M-Pesa payments with (`pnpm ops set-mpesa` prints it). */
export interface PartnerMpesa {
  secret: string | null;
  /** The secret whose URLs Safaricom has while the new one's wait to be registered: still accepted. */
  previousSecret: string | null;
  /** When a callback last came on the previous secret. */
  previousSecretUsedAt: Date | null;
  shortCodes: Array<{ shortCode: string; kind: ShortCodeKind | null }>;
}

export type ShortCodeKind = 'paybill' | 'till';
export const SHORT_CODE_KINDS: readonly ShortCodeKind[] = ['paybill', 'till'];

/** Why `pnpm ops set-mpesa` changes nothing: a short code or secret another partner has, a URL Safaricom would refuse. */
export class MpesaSetupError extends Error {}

/**
 * `pnpm ops set-mpesa`: adds a paybill or till number a partner takes C2B payments on (it keeps the others;
 * a short code is one partner's only) and sets the secret in its callback paths. A new secret does not end
 * the old one: the old one (the one whose URLs Safaricom has) stays accepted until `confirmMpesaUrls`, so no
 * payment is refused while Safaricom registers the new URLs; setting yet another before that keeps that same
 * old one. Returns false when there is no such partner. Throws RangeError for a short code or secret of the
 * wrong form, MpesaSetupError when another partner has the short code or the secret.
 */
export async function setPartnerMpesa(
  db: Kysely<Database>,
  partnerId: number,
  mpesa: { shortCode?: string | undefined; kind?: ShortCodeKind | undefined; secret?: string | undefined },
): Promise<boolean> {
  if (mpesa.shortCode !== undefined && !MPESA_SHORT_CODE.test(mpesa.shortCode)) throw new RangeError('The short code must be 5 to 7 digits');
  if (mpesa.secret !== undefined && !MPESA_CALLBACK_SECRET.test(mpesa.secret)) throw new RangeError('The secret must be 12 to 100 letters, digits, - or _');
  return withinTransaction(db, async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['mpesa_callback_secret', 'mpesa_previous_callback_secret'])
      .where('id', '=', partnerId)
      .forUpdate()
      .executeTakeFirst();
    if (!partner) return false;
    const { secret, shortCode } = mpesa;
    if (secret !== undefined && secret !== partner.mpesa_callback_secret) {
      const holder = await trx
        .selectFrom('partners')
        .select('id')
        .where('id', '<>', partnerId)
        .where((eb) => eb.or([eb('mpesa_callback_secret', '=', secret), eb('mpesa_previous_callback_secret', '=', secret)]))
        .executeTakeFirst();
      if (holder) throw new MpesaSetupError('Another partner has this secret: choose another, or let one be generated');
      // The registered secret is the previous one while a new one waits; back to it, nothing waits any more.
      const registered = partner.mpesa_previous_callback_secret ?? partner.mpesa_callback_secret;
      const previous = registered === secret ? null : registered;
      await trx
        .updateTable('partners')
        .set({
          mpesa_callback_secret: secret,
          mpesa_previous_callback_secret: previous,
          ...(previous === partner.mpesa_previous_callback_secret ? {} : { mpesa_previous_secret_used_at: null }),
        })
        .where('id', '=', partnerId)
        .execute();
    }
    if (shortCode !== undefined) {
      const holder = await trx.selectFrom('partner_mpesa_short_codes').select('tenant_id').where('short_code', '=', shortCode).executeTakeFirst();
      if (holder && holder.tenant_id !== partnerId) throw new MpesaSetupError(`Partner ${holder.tenant_id} takes payments on short code ${shortCode}`);
      await trx
        .insertInto('partner_mpesa_short_codes')
        .values({ tenant_id: partnerId, short_code: shortCode, kind: mpesa.kind ?? null })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'short_code']).doUpdateSet((eb) => ({ kind: eb.fn.coalesce(eb.ref('excluded.kind'), eb.ref('partner_mpesa_short_codes.kind')) })),
        )
        .execute();
    }
    return true;
  });
}

/**
 * `pnpm ops set-mpesa`: checks, then `setPartnerMpesa`. The secret is `secret`, or a new random one when it is
 * 'new' or the partner has none, else the partner's own. Refuses (MpesaSetupError, nothing changed) a
 * partner without a short code given none, and a public address (`baseUrl`), path prefix (MPESA_CALLBACK_PREFIX)
 * or secret holding a word Safaricom refuses in callback URLs, naming the word. Answers the partner's setup
 * after the change, or undefined when there is no such partner.
 */
export async function configureMpesa(
  db: Kysely<Database>,
  partnerId: number,
  request: { shortCode?: string | undefined; kind?: ShortCodeKind | undefined; secret?: string | undefined; baseUrl?: string | undefined; prefix: string },
): Promise<PartnerMpesa | undefined> {
  const before = await partnerMpesa(db, partnerId);
  if (!before) return undefined;
  if (request.shortCode === undefined && before.shortCodes.length === 0) throw new MpesaSetupError('--short-code is required: the partner has no short code yet');
  const secret = request.secret === 'new' || (request.secret === undefined && before.secret === null) ? newCallbackSecret() : (request.secret ?? before.secret!);
  if (!MPESA_CALLBACK_SECRET.test(secret)) throw new MpesaSetupError('--secret must be 12 to 100 letters, digits, - or _ (or new, for a random one)');
  const problem = callbackUrlProblem({ baseUrl: request.baseUrl, prefix: request.prefix, secret });
  if (problem) {
    const fix = problem.startsWith('MPESA_CALLBACK_PREFIX')
      ? `set MPESA_CALLBACK_PREFIX on the server to a path without it (the default, ${DEFAULT_MPESA_CALLBACK_PREFIX}, has none)`
      : problem.startsWith('--base-url')
        ? 'give the server a public address without it'
        : 'use --secret new';
    throw new MpesaSetupError(`${problem}: ${fix}. Nothing was changed.`);
  }
  if (!(await setPartnerMpesa(db, partnerId, { shortCode: request.shortCode, kind: request.kind, secret }))) return undefined;
  return partnerMpesa(db, partnerId);
}

/**
 * `pnpm ops remove-mpesa-short-code`: the partner no longer takes payments on the short code. Its stored
 * payments stay; a validation for it is refused from now on, a confirmation stored flagged for a person.
 * Returns false when the partner had no such short code.
 */
export async function removePartnerShortCode(db: Kysely<Database>, partnerId: number, shortCode: string): Promise<boolean> {
  const result = await db.deleteFrom('partner_mpesa_short_codes').where('tenant_id', '=', partnerId).where('short_code', '=', shortCode).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * `pnpm ops confirm-mpesa-urls`: Safaricom has registered the new secret's URLs, so the previous secret is
 * retired (a callback on it is then an unknown secret's). Answers when a callback last came on it, or
 * undefined when there is no such partner.
 */
export async function confirmMpesaUrls(db: Kysely<Database>, partnerId: number): Promise<{ retired: boolean; lastUsedAt: Date | null } | undefined> {
  const { rows } = await sql<{ retired: boolean; last_used_at: Date | null }>`
    with before as (select id, mpesa_previous_callback_secret, mpesa_previous_secret_used_at from partners where id = ${partnerId} for update)
    update partners p set mpesa_previous_callback_secret = null, mpesa_previous_secret_used_at = null
    from before where p.id = before.id
    returning before.mpesa_previous_callback_secret is not null as retired, before.mpesa_previous_secret_used_at as last_used_at`.execute(db);
  const row = rows[0];
  return row && { retired: row.retired, lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at) };
}

/** A partner's M-Pesa setup, or undefined when there is no such partner. */
export async function partnerMpesa(db: Kysely<Database>, partnerId: number): Promise<PartnerMpesa | undefined> {
  const partner = await db
    .selectFrom('partners')
    .select(['mpesa_callback_secret', 'mpesa_previous_callback_secret', 'mpesa_previous_secret_used_at'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
  if (!partner) return undefined;
  const codes = await db
    .selectFrom('partner_mpesa_short_codes')
    .select(['short_code', 'kind'])
    .where('tenant_id', '=', partnerId)
    .orderBy('created_at')
    .orderBy('short_code')
    .execute();
  return {
    secret: partner.mpesa_callback_secret,
    previousSecret: partner.mpesa_previous_callback_secret,
    previousSecretUsedAt: partner.mpesa_previous_secret_used_at === null ? null : new Date(partner.mpesa_previous_secret_used_at),
    shortCodes: codes.map((code) => ({ shortCode: code.short_code, kind: code.kind })),
  };
}

export interface NewUser {
  partnerId: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The staff member's roles: `owner` when not given (the first user of a partner runs it). */
  roles?: Role[];
  /** E.164: they may sign in with it too. */
  phone?: string | null;
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
      roles: user.roles ?? ['owner'],
      phone: user.phone ?? null,
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
    .select(['p.id', 'p.name', 'p.product', 'p.areas', 'p.country', 'p.time_zone', 'p.sms_units', sql<number>`count(u.id)::int`.as('users')])
    .groupBy('p.id')
    .orderBy('p.id')
    .execute();
}
