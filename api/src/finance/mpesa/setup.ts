import { sql, type Kysely } from 'kysely';
import * as yup from 'yup';
import { textInput } from '@ushirika/shared/validation';
import {
  DARAJA_ENVIRONMENTS,
  DARAJA_SECRETS,
  EXPRESS_TRANSACTION_TYPES,
  GIVING_CODE,
  MPESA_MAX_AMOUNT,
  RESPONSE_TYPES,
  type ActivityChange,
  type DarajaSecret,
  type MpesaSetup,
  type MpesaSetupInput,
} from '@ushirika/shared/contract';
import { changesBetween } from '../../activity/record';
import { isUniqueViolation } from '../../db/errors';
import { StaleSaveError, staleSaveText } from '../../db/record-versions';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { openJson, SealedSecretError, sealJson } from '../../partners/secrets';
import { callbackUrls as c2bCallbackUrls } from './daraja';
import { DarajaError, type DarajaApi, type DarajaCredentials, type DarajaDeps } from './daraja-api';
import { httpDaraja } from './daraja-client';

/*
 * A partner's M-Pesa set-up (Settings → M-Pesa, `pnpm ops set-mpesa`; issue 29): its Daraja credentials
 * (partner_daraja: the secrets sealed together with SECRETS_KEY, partners/secrets.ts), its giving page (partners'
 * giving code and amounts), the C2B short codes and callback secret `pnpm ops set-mpesa` gives it, and the last
 * RegisterURL answer. The secrets are opened only to call Daraja (`loadCredentials`): never returned, never logged.
 * One version (partner_daraja.version) covers the whole set-up: a save over a newer one is refused (409).
 */

/** What reading and saving need of the server's configuration (app.ts's DarajaDeps). */
export type SetupDeps = Pick<DarajaDeps, 'publicUrl' | 'callbackPrefix'>;

export const GIVING_CODE_TAKEN = 'Another partner uses this giving code';
const SHORT_CODE = /^(\d{5,7})?$/;
const SECRET_LIMIT = 1000;
/** Whole shillings, as typed: '500' (a '500.00' is read as 500 too). */
const WHOLE = /^\d{1,9}(\.0{1,2})?$/;

/** The URLs Safaricom calls for a partner: null without a public address (PUBLIC_URL) or a callback secret. */
export interface PartnerCallbackUrls {
  validation: string;
  confirmation: string;
  stk: string;
  statusResult: string;
  statusTimeout: string;
}

export function callbackUrls(deps: SetupDeps, secret: string | null | undefined): PartnerCallbackUrls | null {
  if (!deps.publicUrl || !secret) return null;
  const c2b = c2bCallbackUrls(deps.publicUrl, deps.callbackPrefix, secret);
  const root = c2b.confirmation.slice(0, -'/confirmation'.length);
  return { ...c2b, stk: `${root}/stk`, statusResult: `${root}/status-result`, statusTimeout: `${root}/status-timeout` };
}

/** numeric(14, 2) as whole shillings text: '150000.00' -> '150000'. */
const shillings = (value: string | number) => String(Math.trunc(Number(value)));

type Secrets = Partial<Record<DarajaSecret, string>>;

async function stored(db: Kysely<Database>, tenantId: number, lock = false) {
  return db
    .selectFrom('partner_daraja')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The set-up as the API answers it (no secret, only which are set). */
export async function readSetup(db: Kysely<Database>, tenantId: number, deps: SetupDeps): Promise<MpesaSetup> {
  const [daraja, partner, codes] = await Promise.all([
    stored(db, tenantId),
    db
      .selectFrom('partners')
      .select(['giving_code', 'giving_min_amount', 'giving_max_amount', 'mpesa_callback_secret'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('partner_mpesa_short_codes').select('short_code').where('tenant_id', '=', tenantId).orderBy('short_code').execute(),
  ]);
  const set = new Set<DarajaSecret>(daraja?.secrets_set ?? []);
  const urls = callbackUrls(deps, partner.mpesa_callback_secret);
  return {
    environment: daraja?.environment ?? 'sandbox',
    expressShortCode: daraja?.express_short_code ?? '',
    transactionType: daraja?.transaction_type ?? 'CustomerPayBillOnline',
    partyB: daraja?.party_b ?? '',
    initiator: daraja?.initiator ?? '',
    responseType: daraja?.response_type ?? 'Completed',
    secrets: Object.fromEntries(DARAJA_SECRETS.map((name) => [name, set.has(name)])) as MpesaSetup['secrets'],
    shortCodes: codes.map((code) => code.short_code),
    givingCode: partner.giving_code,
    minAmount: shillings(partner.giving_min_amount),
    maxAmount: shillings(partner.giving_max_amount),
    confirmationUrl: urls?.confirmation ?? null,
    validationUrl: urls?.validation ?? null,
    registration:
      daraja?.registered_at && daraja.registration_ok !== null
        ? { at: new Date(daraja.registered_at).toISOString(), ok: daraja.registration_ok, message: daraja.registration_message ?? '' }
        : null,
    live: set.has('consumerKey') && set.has('consumerSecret') && set.has('passkey') && (daraja?.express_short_code ?? '') !== '',
    // Never saved: 1, the version the first save makes its row at.
    version: daraja?.version ?? 1,
  };
}

const optionalText = (pattern: RegExp, message: string) => textInput('This field').matches(pattern, message).optional();
const secretField = textInput('A secret').max(SECRET_LIMIT, 'A secret has at most 1000 characters').optional();
const amountField = (name: string) => textInput(name).matches(WHOLE, `${name} must be a whole number of shillings`).optional();

/** `PUT /mpesa/setup`'s body: every field optional; checked again together with the stored values in `saveSetup`. */
export const mpesaSetupInputSchema = yup.object({
  environment: yup.mixed<(typeof DARAJA_ENVIRONMENTS)[number]>().oneOf(DARAJA_ENVIRONMENTS, 'The environment must be sandbox or production').optional(),
  expressShortCode: optionalText(SHORT_CODE, 'The express short code must be 5 to 7 digits'),
  transactionType: yup.mixed<(typeof EXPRESS_TRANSACTION_TYPES)[number]>().oneOf(EXPRESS_TRANSACTION_TYPES, 'The transaction type is not one Daraja knows').optional(),
  partyB: optionalText(SHORT_CODE, 'The till number (PartyB) must be 5 to 7 digits'),
  initiator: textInput('The initiator').max(100, 'The initiator has at most 100 characters').optional(),
  responseType: yup.mixed<(typeof RESPONSE_TYPES)[number]>().oneOf(RESPONSE_TYPES, 'The response type must be Completed or Cancelled').optional(),
  consumerKey: secretField,
  consumerSecret: secretField,
  passkey: secretField,
  securityCredential: secretField,
  givingCode: textInput('The giving code')
    .transform((value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
    .nullable()
    .optional()
    .test(
      'giving-code',
      'The giving code must be 3 to 40 lower-case letters, digits and -, starting and ending with a letter or digit',
      (code) => !code || GIVING_CODE.test(code),
    ),
  minAmount: amountField('The smallest amount'),
  maxAmount: amountField('The largest amount'),
  version: yup.number().integer().min(1).max(2147483647).optional(),
});
export type MpesaSetupBody = yup.InferType<typeof mpesaSetupInputSchema>;

/** What a save changed, for its activity event: the non-secret fields' changes, and which secrets were set or removed. */
export interface SetupSaved {
  changes: ActivityChange[];
  secrets: Partial<Record<DarajaSecret, 'set' | 'removed'>>;
}

/**
 * Saves a set-up (only the fields given; a secret '' is removed, one not given kept) over `input.version` when
 * given (StaleSaveError otherwise). `trx` must be a transaction: the caller writes the activity event in it.
 * 400 for amounts out of bounds; 409 GIVING_CODE_TAKEN. Answers what changed (nothing: no version bump).
 */
export async function saveSetup(
  trx: Kysely<Database>,
  tenantId: number,
  input: Omit<Partial<MpesaSetupInput>, 'version'> & { version?: number | undefined },
  options: { userId: number | null; secretsKey: Buffer },
): Promise<SetupSaved> {
  const partner = await trx
    .selectFrom('partners')
    .select(['giving_code', 'giving_min_amount', 'giving_max_amount'])
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // The first save makes the row, at version 1 (what `readSetup` answers before): a concurrent first save waits
  // for this one, finds the row at its next version and is refused as stale below.
  await trx
    .insertInto('partner_daraja')
    .values({ tenant_id: tenantId, updated_by: options.userId })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const daraja = (await stored(trx, tenantId, true))!;
  if (input.version !== undefined && input.version !== daraja.version) throw await staleSave(trx, tenantId);

  const min = input.minAmount === undefined ? shillings(partner.giving_min_amount) : shillings(input.minAmount);
  const max = input.maxAmount === undefined ? shillings(partner.giving_max_amount) : shillings(input.maxAmount);
  if (Number(min) < 1) throw badRequest('The smallest amount must be at least 1 shilling');
  if (Number(max) > Number(MPESA_MAX_AMOUNT)) throw badRequest(`The largest amount cannot be more than ${MPESA_MAX_AMOUNT} shillings (M-Pesa's own limit)`);
  if (Number(min) > Number(max)) throw badRequest('The smallest amount cannot be more than the largest');
  const givingCode = input.givingCode === undefined ? partner.giving_code : input.givingCode?.trim().toLowerCase() || null;
  if (givingCode !== null && !GIVING_CODE.test(givingCode)) throw badRequest('The giving code must be 3 to 40 lower-case letters, digits and -');

  const before = {
    environment: daraja.environment,
    expressShortCode: daraja.express_short_code,
    transactionType: daraja.transaction_type,
    partyB: daraja.party_b,
    initiator: daraja.initiator,
    responseType: daraja.response_type,
    givingCode: partner.giving_code,
    minAmount: shillings(partner.giving_min_amount),
    maxAmount: shillings(partner.giving_max_amount),
  };
  const after = {
    environment: input.environment ?? before.environment,
    expressShortCode: input.expressShortCode?.trim() ?? before.expressShortCode,
    transactionType: input.transactionType ?? before.transactionType,
    partyB: input.partyB?.trim() ?? before.partyB,
    initiator: input.initiator?.trim() ?? before.initiator,
    responseType: input.responseType ?? before.responseType,
    givingCode,
    minAmount: min,
    maxAmount: max,
  };
  if (!SHORT_CODE.test(after.expressShortCode) || !SHORT_CODE.test(after.partyB)) throw badRequest('A short code must be 5 to 7 digits');

  // The secrets: the stored ones opened (none when there are none, or when SECRETS_KEY cannot open them: then only those given now remain).
  let secrets: Secrets = {};
  if (daraja.secrets) {
    try {
      secrets = openJson<Secrets>(daraja.secrets, options.secretsKey);
    } catch (error) {
      if (!(error instanceof SealedSecretError)) throw error;
    }
  }
  const secretChanges: SetupSaved['secrets'] = {};
  for (const name of DARAJA_SECRETS) {
    const given = input[name]?.trim();
    if (given === undefined || given === (secrets[name] ?? '')) continue;
    if (given.length > SECRET_LIMIT) throw badRequest('A secret has at most 1000 characters');
    secretChanges[name] = given === '' ? 'removed' : 'set';
    if (given === '') delete secrets[name];
    else secrets[name] = given;
  }
  // Secrets the stored text held but SECRETS_KEY could not open are gone: recorded as removed.
  for (const name of daraja.secrets_set) if (secrets[name] === undefined && secretChanges[name] === undefined) secretChanges[name] = 'removed';

  const changes = changesBetween(before, after);
  if (changes.length === 0 && Object.keys(secretChanges).length === 0) return { changes, secrets: secretChanges };

  const secretsSet = DARAJA_SECRETS.filter((name) => secrets[name] !== undefined);
  try {
    await trx
      .updateTable('partners')
      .set({ giving_code: after.givingCode, giving_min_amount: after.minAmount, giving_max_amount: after.maxAmount })
      .where('id', '=', tenantId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(GIVING_CODE_TAKEN);
    throw error;
  }
  await trx
    .updateTable('partner_daraja')
    .set({
      environment: after.environment,
      express_short_code: after.expressShortCode,
      transaction_type: after.transactionType,
      party_b: after.partyB,
      initiator: after.initiator,
      response_type: after.responseType,
      secrets: secretsSet.length > 0 ? sealJson(secrets, options.secretsKey) : null,
      secrets_set: secretsSet,
      version: sql<number>`version + 1`,
      updated_by: options.userId,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .execute();
  return { changes, secrets: secretChanges };
}

async function staleSave(db: Kysely<Database>, tenantId: number): Promise<StaleSaveError> {
  const row = await db
    .selectFrom('partner_daraja as d')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'd.updated_by').onRef('u.partner_id', '=', 'd.tenant_id'))
    .select(['d.version', 'd.updated_at', sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('changed_by')])
    .where('d.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return new StaleSaveError({
    status_msg: staleSaveText(row.changed_by),
    changedBy: row.changed_by,
    changedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  });
}

/** Keeps the answer of the last RegisterURL (the row exists once credentials were saved; made otherwise). */
export async function saveRegistration(trx: Kysely<Database>, tenantId: number, registration: { at: Date; ok: boolean; message: string }): Promise<void> {
  const values = { registered_at: registration.at, registration_ok: registration.ok, registration_message: registration.message.slice(0, 1000) };
  await trx
    .insertInto('partner_daraja')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

/** The stored secrets could not be opened: SECRETS_KEY is not the key they were sealed with. */
export const SECRETS_UNREADABLE = "The stored M-Pesa credentials cannot be opened with this server's SECRETS_KEY: enter them again";

/**
 * The partner's Daraja credentials, secrets opened ('' for those not set); undefined when it has never saved a
 * set-up. A DarajaError (SECRETS_UNREADABLE) when SECRETS_KEY cannot open them. Held in memory only, never logged.
 */
export async function loadCredentials(db: Kysely<Database>, tenantId: number, secretsKey: Buffer): Promise<DarajaCredentials | undefined> {
  const daraja = await stored(db, tenantId);
  if (!daraja) return undefined;
  let secrets: Secrets = {};
  if (daraja.secrets) {
    try {
      secrets = openJson<Secrets>(daraja.secrets, secretsKey);
    } catch (error) {
      if (error instanceof SealedSecretError) throw new DarajaError(SECRETS_UNREADABLE, false, 'secrets');
      throw error;
    }
  }
  return {
    tenantId,
    environment: daraja.environment,
    consumerKey: secrets.consumerKey ?? '',
    consumerSecret: secrets.consumerSecret ?? '',
    passkey: secrets.passkey ?? '',
    expressShortCode: daraja.express_short_code,
    transactionType: daraja.transaction_type,
    partyB: daraja.party_b,
    initiator: daraja.initiator,
    securityCredential: secrets.securityCredential ?? '',
  };
}

/** Enough to fetch a token ('Test connection', RegisterURL). */
export const canConnect = (credentials: DarajaCredentials | undefined): credentials is DarajaCredentials =>
  credentials !== undefined && credentials.consumerKey !== '' && credentials.consumerSecret !== '';

/** Enough to send prompts: `live`. */
export const canPrompt = (credentials: DarajaCredentials | undefined): credentials is DarajaCredentials =>
  canConnect(credentials) && credentials.passkey !== '' && credentials.expressShortCode !== '';

/**
 * The real Daraja client for the partner when its credentials are complete (consumer key and secret, passkey,
 * express short code); undefined otherwise (partner-daraja.ts then picks the development simulator, or none).
 */
export async function darajaFor(db: Kysely<Database>, tenantId: number, deps: Pick<DarajaDeps, 'secretsKey' | 'baseUrl'>): Promise<DarajaApi | undefined> {
  const credentials = await loadCredentials(db, tenantId, deps.secretsKey);
  return canPrompt(credentials) ? httpDaraja(credentials, { baseUrl: deps.baseUrl }) : undefined;
}
