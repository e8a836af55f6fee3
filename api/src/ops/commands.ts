import type { Kysely } from 'kysely';
import {
  DARAJA_ENVIRONMENTS,
  ETRACKER_PRODUCT,
  PARTNER_AREAS,
  type DarajaEnvironment,
  type MpesaSetupInput,
  type PartnerArea,
  type Role,
} from '@ushirika/shared/contract';
import { isPhoneCountry, normalizePhone } from '@ushirika/shared/validation';
import { changesBetween, createdValues, OPS_ACTOR, writeActivity, type ActivityEvent } from '../activity/record';
import type { Config } from '../config';
import type { Database, MpesaCallbackOutcome } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { callbackUrls } from '../finance/mpesa/daraja';
import { listCallbacks, NEEDS_A_PERSON, replayCallbacks } from '../finance/mpesa/inbox';
import { readSetup, saveSetup } from '../finance/mpesa/setup';
import { HttpError } from '../http/errors';
import {
  createPartner,
  createUser,
  emailTaken,
  listPartners,
  confirmMpesaUrls,
  MPESA_SHORT_CODE,
  configureMpesa,
  MpesaSetupError,
  partnerExists,
  partnerCountry,
  partnerMpesa,
  removePartnerShortCode,
  setPartnerAreas,
  setPartnerCountry,
  SHORT_CODE_KINDS,
  type PartnerMpesa,
  type ShortCodeKind,
} from '../partners/queries';
import { setPartnerTimeZone, UnknownTimeZoneError } from '../partners/time-zone';
import { topUpUnits, unitsHistory } from '../messaging/units';
import { liftPause, waitingMessages } from '../messaging/outbox/gateway-pause';
import { loginTaken } from '../staff/queries';
import { promptHidden } from './prompt';

/*
 * `pnpm ops`'s commands that use a connection to the database (./cli.ts parses the command line, opens the
 * database and prints what a command answers). Every change a command makes to a partner's data is written
 * with one activity event (issue 26), as ops (OPS_ACTOR), in the change's transaction: a partner created, its
 * country, areas, time zone or M-Pesa setup changed (never a secret: only that it changed), an owner added, units
 * topped up, M-Pesa callbacks replayed. Reads, and the deployment's own state (the SMS gateway's pause), write none.
 */

export const USAGE = `Usage: pnpm ops <command> [options]

Commands:
  create-partner --name NAME --product PRODUCT [--sms-units N] [--country XX]
      Adds a partner organisation (tenant). PRODUCT '${ETRACKER_PRODUCT}' gives the expense-tracker
      variant; any other value (e.g. 'general') the full product. SMS units default to 0.
      COUNTRY (ISO 3166 alpha-2: KE, UG, TZ, RW, BI, SS, ET, CD, ...) is where the partner's local
      phone numbers are read (0772 123 456 is +256... for UG); it defaults to KE.
      With NODE_ENV=production the partner requires two-step sign-in of its owners and
      treasurers (its owners can turn that off in Settings > Staff).
  set-partner-country --partner-id ID --country XX
      Changes the country a partner's local phone numbers are read in. Stored contacts keep
      their numbers.
  set-partner-areas --partner-id ID --areas AREAS
      Turns on the areas an '${ETRACKER_PRODUCT}' partner (money only) has beyond finance: AREAS is
      ${PARTNER_AREAS.join(', ')}, or both comma-separated (${PARTNER_AREAS.join(',')}); 'none' turns them all off.
      It replaces the partner's areas. 'contacts' brings contacts, groups and meetings; 'messaging'
      the messages. Its staff see them (menus, screens, routes) as their roles allow, at once.
      A general partner has every area.
  set-time-zone --partner-id ID --time-zone ZONE
      Sets the IANA time zone (Africa/Nairobi unless set; Africa/Kampala, Africa/Kigali, ...)
      the partner's weeks (Monday to Sunday), months, M-Pesa payment days and scheduled
      sends are in. The dashboards follow at once.
  create-user --partner-id ID --email EMAIL --first-name FIRST --last-name LAST [--phone MOBILE]
      Adds an owner of that partner (the first one: owners add the rest of the staff in the
      browser, Settings > Staff). They sign in with the email, or the mobile when given (read
      in the partner's country, e.g. 0712 345 678). The password comes from the environment
      variable OPS_PASSWORD, or is asked for (twice, not shown) when it is unset.
  list-partners
      Shows every partner with its id, product, areas, country, time zone, SMS units and number of users.
  top-up-units --partner-id ID --units N [--note TEXT]
      Adds N SMS units to a partner's balance, as an entry of its units ledger (reason
      'top-up', with the note, e.g. an invoice number), and prints the new balance.
  units-history --partner-id ID [--limit N]
      Shows a partner's latest units ledger entries (20 unless --limit), newest first:
      top-ups, sends, resends and refunds, each with the balance after it.
  resume-sms
      Lifts the pause of SMS sending after the gateway account could not send (out of
      credit, held, or its API key or sender id refused: see the log), once it is fixed.
      The workers send the waiting messages within their poll interval; prints how many wait.

  set-mpesa --partner-id ID [--short-code CODE] [--kind paybill|till] [--secret SECRET|new] [--base-url URL]
      Lets a partner take M-Pesa payments: adds a paybill or till number it takes payments on
      (run again to add another; it keeps the ones it has), and sets the secret in its C2B
      callback URLs: kept when it has one, else 32 random URL-safe characters; --secret new
      draws a new one, --secret SECRET sets that one. A new secret leaves the old one accepted
      until confirm-mpesa-urls, so no payment is refused while Safaricom registers the new URLs.
      Prints the validation and confirmation URLs to register for each short code, under
      --base-url (the server's public https address) and MPESA_CALLBACK_PREFIX; refuses a host,
      prefix or secret holding a word Safaricom refuses in URLs (mpesa, safaricom, exe, cmd,
      sql, query, ...). See docs/operations.md.
      Daraja (M-Pesa Express, Transaction Status; also in Settings > M-Pesa): [--environment
      sandbox|production] [--express-short-code CODE] [--initiator NAME] [--giving-code CODE]
      [--consumer-key K] [--consumer-secret S] [--passkey P] [--security-credential C]. Give a
      secret as - to type it (not shown), or env to read DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET,
      DARAJA_PASSKEY or DARAJA_SECURITY_CREDENTIAL, rather than on the command line; '' removes it.
      Secrets are sealed with SECRETS_KEY (the server's); only which are set is printed.
  remove-mpesa-short-code --partner-id ID --short-code CODE
      The partner no longer takes payments on that short code: its validations are refused,
      and a confirmation that still comes is stored flagged for a person.
  confirm-mpesa-urls --partner-id ID
      Once Safaricom has registered the new URLs for every short code of the partner: retires
      its previous secret (a callback on it is then refused like any unknown secret).
  replay-mpesa-callbacks [--callback ID]
      Processes again the M-Pesa callbacks whose processing failed (outcome 'failed', or
      'received' for over a minute) and the confirmations refused before for their short code
      (outcome 'rejected': now stored, flagged unless the code is the partner's), oldest
      first, or the one callback ID. A payment is stored once per TransID, so a replay never
      doubles one.
  list-mpesa-callbacks [--outcome OUTCOME] [--partner-id ID] [--limit N] [--callback ID]
      Shows the M-Pesa inbox's callbacks that wait for a person, newest first (50 unless
      --limit): 'held' (a confirmation whose TransID or amount cannot be read: no payment was
      stored), 'failed', 'forbidden-source' and 'differing-repeat' (a repeated TransID with
      another amount, payer or short code: the stored payment is flagged; compare the two raw
      bodies with --callback); or those with OUTCOME (e.g. unknown-partner),
      of one partner. --callback ID shows one callback with its raw body (the payer's number
      and names: do not paste it anywhere public).

  backup [--to FILE]
      Writes a backup of the database to FILE (or a dated file in the folder FILE), else to
      DATA_DIR/backups/ushirika-<date>.tar.gz. Works while the server runs (it takes the copy
      for you) and when it is stopped. With DATABASE_URL it runs pg_dump (a .dump file).
  restore --from FILE [--force]
      Puts a PGlite backup back into DATA_DIR/pglite. Stop the server first. It refuses to
      replace a database unless --force (the replaced one is then kept aside). With
      DATABASE_URL it prints the pg_restore command instead. See docs/operations.md.

The database is the server's: DATABASE_URL, or PGlite in DATA_DIR (stop the server first:
one PGlite folder serves one process; backup is the exception).`;

/** The inbox's outcomes (schema.ts MpesaCallbackOutcome), for --outcome. */
const CALLBACK_OUTCOMES: readonly MpesaCallbackOutcome[] = [
  'received',
  'accepted',
  'rejected',
  'duplicate',
  'malformed',
  'unknown-partner',
  'forbidden-source',
  'held',
  'differing-repeat',
  'failed',
];

/** set-mpesa's Daraja flags; the secrets among them are typed (-) or read from the environment (env). */
const DARAJA_OPTIONS = ['environment', 'express-short-code', 'initiator', 'giving-code', 'consumer-key', 'consumer-secret', 'passkey', 'security-credential'];
const DARAJA_SECRET_OPTIONS = {
  'consumer-key': 'consumerKey',
  'consumer-secret': 'consumerSecret',
  passkey: 'passkey',
  'security-credential': 'securityCredential',
} as const;

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Options = Record<string, string | undefined>;

/** What the commands read of the server's configuration (the CLI passes `loadConfig()`'s). */
export type OpsConfig = Pick<Config, 'mpesaCallbackPrefix' | 'mpesaMsisdnHashForms'> & Partial<Pick<Config, 'secretsKey'>>;

export interface OpsCommand {
  options: string[];
  run: (db: Kysely<Database>, options: Options, config: OpsConfig) => Promise<string>;
}

/**
 * Runs one change to a partner's data and its activity event in one transaction, as ops (OPS_ACTOR): `work`
 * makes the change and answers what it did and the event (none when nothing changed).
 */
async function asOps<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<{ result: T; event?: { tenantId: number; event: ActivityEvent } }>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, event } = await work(trx);
    if (event) await writeActivity(trx, event.tenantId, OPS_ACTOR, event.event);
    return result;
  });
}

/** A partner's settings an ops command changes, as they are before the change; undefined for no such partner. */
const partnerSettings = (db: Kysely<Database>, partnerId: number) =>
  db.selectFrom('partners').select(['country', 'time_zone']).where('id', '=', partnerId).executeTakeFirst();

/** A partner's short codes as the activity log shows them: '600100 (paybill), 600200 (till)'. */
const shortCodesText = (mpesa: PartnerMpesa) => mpesa.shortCodes.map((code) => (code.kind ? `${code.shortCode} (${code.kind})` : code.shortCode)).join(', ');

/** The commands that use a connection to the database. Every write to a partner's data writes one activity event with it. */
export const COMMANDS: Record<string, OpsCommand> = {
  'create-partner': {
    options: ['name', 'product', 'sms-units', 'country'],
    async run(db, options) {
      const name = required(options, 'name');
      const product = required(options, 'product');
      const smsUnits = options['sms-units'] === undefined ? 0 : Number(options['sms-units']);
      if (!Number.isSafeInteger(smsUnits) || smsUnits < 0) throw new UsageError('--sms-units must be a whole number from 0');
      const country = options.country === undefined ? 'KE' : countryCode(options);
      const requireTwoStep = process.env.NODE_ENV === 'production';
      const id = await asOps(db, async (trx) => {
        const id = await createPartner(trx, { name, product, smsUnits, country, requireTwoStep });
        const changes = createdValues({ name, product, country, smsUnits, requireTwoStep });
        return { result: id, event: { tenantId: id, event: { action: 'create', entity: 'partner', entityId: id, changes } } };
      });
      return `Created partner ${id}: ${name} (product ${product}, ${smsUnits} SMS units, country ${country}${requireTwoStep ? ', two-step sign-in required' : ''})`;
    },
  },
  'set-partner-country': {
    options: ['partner-id', 'country'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const country = countryCode(options);
      await asOps(db, async (trx) => {
        const before = await partnerSettings(trx, partnerId);
        if (!before || !(await setPartnerCountry(trx, partnerId, country))) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
        const changes = changesBetween({ country: before.country }, { country });
        return {
          result: undefined,
          event: changes.length > 0 ? { tenantId: partnerId, event: { action: 'update', entity: 'partner', entityId: partnerId, changes } } : undefined,
        };
      });
      return `Partner ${partnerId} now reads local phone numbers as ${country}`;
    },
  },
  'set-partner-areas': {
    options: ['partner-id', 'areas'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const areas = areasOption(options);
      await asOps(db, async (trx) => {
        const partner = await trx.selectFrom('partners').select('product').where('id', '=', partnerId).executeTakeFirst();
        if (!partner) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
        if (partner.product !== ETRACKER_PRODUCT) throw new UsageError(`Partner ${partnerId} is a ${partner.product} partner: it has every area already`);
        const before = (await setPartnerAreas(trx, partnerId, areas))!;
        // The areas as a text ('contacts, messaging'); none: null.
        const text = (list: readonly PartnerArea[]) => list.join(', ') || null;
        const changes = changesBetween({ areas: text(before) }, { areas: text(areas) });
        return {
          result: undefined,
          event: changes.length > 0 ? { tenantId: partnerId, event: { action: 'update', entity: 'partner', entityId: partnerId, changes } } : undefined,
        };
      });
      return areas.length === 0
        ? `Partner ${partnerId} now has finance only: no contacts nor messaging`
        : `Partner ${partnerId} now has finance and ${PARTNER_AREAS.filter((area) => areas.includes(area)).join(' and ')}`;
    },
  },
  'set-time-zone': {
    options: ['partner-id', 'time-zone'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const zone = required(options, 'time-zone');
      try {
        await asOps(db, async (trx) => {
          const before = await partnerSettings(trx, partnerId);
          if (!before || !(await setPartnerTimeZone(trx, partnerId, zone))) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
          const changes = changesBetween({ timeZone: before.time_zone }, { timeZone: zone });
          return {
            result: undefined,
            event: changes.length > 0 ? { tenantId: partnerId, event: { action: 'update', entity: 'partner', entityId: partnerId, changes } } : undefined,
          };
        });
      } catch (error) {
        if (error instanceof UnknownTimeZoneError) throw new UsageError(error.message);
        throw error;
      }
      return `Partner ${partnerId}'s days and weeks are now in ${zone}`;
    },
  },
  'create-user': {
    options: ['partner-id', 'email', 'first-name', 'last-name', 'phone'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const email = required(options, 'email');
      const firstName = required(options, 'first-name');
      const lastName = required(options, 'last-name');
      if (!EMAIL.test(email)) throw new UsageError(`--email "${email}" is not an email address`);
      if (!(await partnerExists(db, partnerId))) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
      if (await emailTaken(db, email)) throw new UsageError(`A user with the email ${email} already exists`);
      const phone = options.phone === undefined ? null : normalizePhone(options.phone, await partnerCountry(db, partnerId));
      if (phone === null && options.phone !== undefined)
        throw new UsageError(`--phone "${options.phone}" is not a mobile number of the partner's country (or +<country code>...)`);
      if (phone !== null && (await loginTaken(db, { phone }))) throw new UsageError(`A user with the mobile ${phone} already exists`);
      const password = await readPassword();
      const roles: Role[] = ['owner'];
      const id = await asOps(db, async (trx) => {
        const id = await createUser(trx, { partnerId, email, password, firstName, lastName, roles, phone });
        // The owner's roles; their name, email and mobile are theirs, not the log's.
        const changes = createdValues({ roles: roles.join(', '), active: true });
        return { result: id, event: { tenantId: partnerId, event: { action: 'create', entity: 'staff', entityId: id, changes } } };
      });
      return `Created owner ${id}: ${firstName} ${lastName} <${email}>${phone ? ` (${phone})` : ''} for partner ${partnerId}`;
    },
  },
  'list-partners': {
    options: [],
    async run(db) {
      const partners = await listPartners(db);
      if (partners.length === 0) return 'No partners yet. Add one with create-partner.';
      return table([
        ['id', 'name', 'product', 'areas', 'country', 'time zone', 'sms units', 'users'],
        ...partners.map((p) => [String(p.id), p.name, p.product, areasText(p), p.country, p.time_zone, String(p.sms_units), String(p.users)]),
      ]);
    },
  },
  'top-up-units': {
    options: ['partner-id', 'units', 'note'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const units = wholeNumber(options, 'units', 1);
      // Its `top_up` event is written with it (messaging/units.ts).
      const balance = await topUpUnits(db, partnerId, units, options.note?.trim() ?? '');
      if (balance === undefined) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
      return `Added ${units} SMS units to partner ${partnerId}: the balance is now ${balance}`;
    },
  },
  'units-history': {
    options: ['partner-id', 'limit'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const limit = options.limit === undefined ? 20 : wholeNumber(options, 'limit', 1);
      if (!(await partnerExists(db, partnerId))) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
      const entries = await unitsHistory(db, partnerId, limit);
      if (entries.length === 0) return `Partner ${partnerId} has no units entries yet.`;
      return table([
        ['date', 'change', 'balance', 'reason', 'send', 'note'],
        ...entries.map((e) => [
          e.createdAt.toISOString(),
          (e.change > 0 ? '+' : '') + String(e.change),
          String(e.balanceAfter),
          e.reason,
          e.sendId === null ? '' : String(e.sendId),
          e.note,
        ]),
      ]);
    },
  },
  // The gateway account's pause is the deployment's, no partner's: no partner's activity log records it.
  'resume-sms': {
    options: [],
    async run(db) {
      const lifted = await liftPause(db);
      const waiting = await waitingMessages(db);
      if (lifted.length === 0) return `SMS sending was not paused. ${waiting} messages wait in the queue (due, scheduled or retrying).`;
      const pauses = lifted.map((pause) => `${pause.account} (${pause.reason}${pause.detail ? `: ${pause.detail}` : ''}, since ${pause.since.toISOString()})`);
      return [
        `Lifted the SMS gateway pause of ${pauses.join(', ')}.`,
        `${waiting} messages wait in the queue; the workers send the due ones within their poll interval.`,
        'If the gateway still cannot send, the next request pauses sending again (see the log).',
      ].join('\n');
    },
  },
  'set-mpesa': {
    options: ['partner-id', 'short-code', 'kind', 'secret', 'base-url', ...DARAJA_OPTIONS],
    async run(db, options, { mpesaCallbackPrefix, secretsKey }) {
      const partnerId = partnerIdOption(options);
      // Typed or read before the transaction: a prompt never holds a lock.
      const daraja = await darajaOptions(options);
      if (daraja && !secretsKey) throw new UsageError('SECRETS_KEY is needed to seal the Daraja credentials');
      const shortCode = options['short-code']?.trim() || undefined;
      if (shortCode !== undefined && !MPESA_SHORT_CODE.test(shortCode)) throw new UsageError('--short-code must be the paybill or till number: 5 to 7 digits');
      const kind = options.kind?.trim().toLowerCase() || undefined;
      const baseUrl = options['base-url']?.trim() || undefined;
      if (kind !== undefined && !SHORT_CODE_KINDS.includes(kind as ShortCodeKind)) throw new UsageError(`--kind must be one of ${SHORT_CODE_KINDS.join(', ')}`);
      let after: PartnerMpesa | undefined;
      try {
        after = await asOps(db, async (trx) => {
          const before = await partnerMpesa(trx, partnerId);
          const after = await configureMpesa(trx, partnerId, {
            shortCode,
            kind: kind as ShortCodeKind | undefined,
            secret: options.secret?.trim() || undefined,
            baseUrl,
            prefix: mpesaCallbackPrefix,
          });
          if (!before || !after) return { result: after };
          if (daraja) {
            // Its own event, on the Daraja set-up: which secrets were set or removed, never their values.
            const saved = await saveSetup(trx, partnerId, daraja, { userId: null, secretsKey: secretsKey! });
            if (saved.changes.length > 0 || Object.keys(saved.secrets).length > 0) {
              await writeActivity(trx, partnerId, OPS_ACTOR, {
                action: 'update',
                entity: 'mpesa_setup',
                entityId: partnerId,
                changes: saved.changes,
                details: saved.secrets,
              });
            }
          }
          // Never the secret itself: only that it changed.
          const changes = changesBetween({ shortCodes: shortCodesText(before) }, { shortCodes: shortCodesText(after) });
          const secretChanged = after.secret !== before.secret;
          if (changes.length === 0 && !secretChanged) return { result: after };
          return {
            result: after,
            event: { tenantId: partnerId, event: { action: 'update', entity: 'partner', entityId: partnerId, changes, details: { mpesaSecretChanged: secretChanged } } },
          };
        });
      } catch (error) {
        if (error instanceof MpesaSetupError || error instanceof RangeError || error instanceof HttpError) throw new UsageError(error.message);
        if (isUniqueViolation(error)) throw new UsageError('Another partner has this short code or secret');
        throw error;
      }
      if (!after) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
      const secret = after.secret!;
      const urls = callbackUrls(baseUrl ?? 'https://<your public address>', mpesaCallbackPrefix, secret);
      const lines = [
        `Partner ${partnerId} takes M-Pesa payments on short code${after.shortCodes.length > 1 ? 's' : ''} ${shortCodesText(after)}.`,
        'Register these URLs with Safaricom (C2B register URL) for each short code:',
        `  ValidationURL:   ${urls.validation}`,
        `  ConfirmationURL: ${urls.confirmation}`,
        'Keep them secret: the secret in them is all that guards the callbacks.',
      ];
      if (daraja) {
        const setup = await readSetup(db, partnerId, { publicUrl: undefined, callbackPrefix: mpesaCallbackPrefix });
        const set = Object.entries(setup.secrets)
          .filter(([, isSet]) => isSet)
          .map(([name]) => name);
        lines.push(
          `Daraja (${setup.environment}): express short code ${setup.expressShortCode || '-'}; secrets stored: ${set.join(', ') || 'none'}; ` +
            `${setup.live ? 'prompts go to Safaricom' : 'not live yet (consumer key and secret, passkey and express short code needed)'}` +
            `${setup.givingCode ? `; giving page /give/${setup.givingCode}` : ''}.`,
        );
      }
      if (after.previousSecret !== null) {
        lines.push(
          `The previous secret stays accepted until Safaricom has these URLs for every short code: then run pnpm ops confirm-mpesa-urls --partner-id ${partnerId}.`,
        );
      }
      return lines.join('\n');
    },
  },
  'remove-mpesa-short-code': {
    options: ['partner-id', 'short-code'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const shortCode = required(options, 'short-code');
      const left = await asOps(db, async (trx) => {
        const before = await partnerMpesa(trx, partnerId);
        if (!before) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
        if (!(await removePartnerShortCode(trx, partnerId, shortCode))) throw new UsageError(`Partner ${partnerId} has no short code ${shortCode}`);
        const after = (await partnerMpesa(trx, partnerId))!;
        const changes = changesBetween({ shortCodes: shortCodesText(before) }, { shortCodes: shortCodesText(after) });
        return {
          result: after.shortCodes.map((code) => code.shortCode),
          event: { tenantId: partnerId, event: { action: 'update', entity: 'partner', entityId: partnerId, changes } },
        };
      });
      return `Partner ${partnerId} no longer takes M-Pesa payments on ${shortCode}; ${left.length > 0 ? `it takes them on ${left.join(', ')}` : 'it has no short code left'}.`;
    },
  },
  'confirm-mpesa-urls': {
    options: ['partner-id'],
    async run(db, options) {
      const partnerId = partnerIdOption(options);
      const confirmed = await asOps(db, async (trx) => {
        const confirmed = await confirmMpesaUrls(trx, partnerId);
        if (!confirmed) throw new UsageError(`There is no partner ${partnerId} (see list-partners)`);
        if (!confirmed.retired) return { result: confirmed };
        const event: ActivityEvent = { action: 'update', entity: 'partner', entityId: partnerId, details: { mpesaPreviousSecretRetired: true } };
        return { result: confirmed, event: { tenantId: partnerId, event } };
      });
      if (!confirmed.retired) return `Partner ${partnerId} has no previous secret: nothing to retire.`;
      const used = confirmed.lastUsedAt ? `a callback last came on it at ${confirmed.lastUsedAt.toISOString()}` : 'no callback came on it since the change';
      return `Partner ${partnerId}'s previous M-Pesa secret is retired (${used}): only the current one's URLs are accepted.`;
    },
  },
  'list-mpesa-callbacks': {
    options: ['outcome', 'partner-id', 'limit', 'callback'],
    async run(db, options) {
      const id = options.callback?.trim();
      if (id !== undefined && !/^\d{1,18}$/.test(id)) throw new UsageError('--callback must be the id of an M-Pesa callback');
      const outcome = options.outcome?.trim();
      if (outcome !== undefined && !CALLBACK_OUTCOMES.includes(outcome as MpesaCallbackOutcome)) {
        throw new UsageError(`--outcome must be one of ${CALLBACK_OUTCOMES.join(', ')}`);
      }
      const tenantId = options['partner-id'] === undefined ? undefined : partnerIdOption(options);
      const limit = options.limit === undefined ? undefined : wholeNumber(options, 'limit', 1);
      const callbacks = await listCallbacks(db, { id, outcomes: outcome === undefined ? undefined : [outcome as MpesaCallbackOutcome], tenantId, limit });
      if (id !== undefined) {
        const callback = callbacks[0];
        if (!callback) return `There is no M-Pesa callback ${id}`;
        const { body, ...fields } = callback;
        const shown = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ''));
        return [...Object.entries(fields).map(([name, value]) => `${name}: ${shown(value)}`), 'body:', body ?? ''].join('\n');
      }
      if (callbacks.length === 0) return `No M-Pesa callbacks ${outcome === undefined ? `wait for a person (${NEEDS_A_PERSON.join(', ')})` : `with outcome ${outcome}`}.`;
      return table([
        ['callback', 'received', 'kind', 'partner', 'outcome', 'trans id', 'source', 'bytes', 'detail'],
        ...callbacks.map((c) => [
          c.id,
          c.receivedAt.toISOString(),
          c.kind,
          c.tenantId === null ? '' : String(c.tenantId),
          c.outcome,
          c.transId ?? '',
          c.source ?? '',
          c.bodySize === null ? '' : String(c.bodySize),
          c.detail ?? '',
        ]),
      ]);
    },
  },
  'replay-mpesa-callbacks': {
    options: ['callback'],
    async run(db, options, { mpesaMsisdnHashForms }) {
      const id = options.callback?.trim();
      if (id !== undefined && !/^\d{1,18}$/.test(id)) throw new UsageError('--callback must be the id of an M-Pesa callback');
      // What a replay changes (a payment stored, a rule's allocation) is recorded as ops' (inbox.ts).
      const results = await replayCallbacks(db, { id, hashForms: mpesaMsisdnHashForms, actor: OPS_ACTOR });
      if (results.length === 0) return id === undefined ? 'No M-Pesa callbacks to replay.' : `There is no M-Pesa callback ${id}`;
      return table([['callback', 'kind', 'outcome', 'detail'], ...results.map((r) => [r.id, r.kind, r.outcome, r.detail ?? ''])]);
    },
  },
};

/** The Daraja set-up set-mpesa was given (undefined: none); a secret '-' is asked for without echo, 'env' read from DARAJA_<NAME>. */
async function darajaOptions(options: Options): Promise<Omit<MpesaSetupInput, 'version'> | undefined> {
  if (!DARAJA_OPTIONS.some((name) => options[name] !== undefined)) return undefined;
  const environment = options.environment?.trim().toLowerCase();
  if (environment !== undefined && !DARAJA_ENVIRONMENTS.includes(environment as DarajaEnvironment))
    throw new UsageError(`--environment must be ${DARAJA_ENVIRONMENTS.join(' or ')}`);
  const expressShortCode = options['express-short-code']?.trim();
  if (expressShortCode && !MPESA_SHORT_CODE.test(expressShortCode)) throw new UsageError('--express-short-code must be 5 to 7 digits');
  const input: Omit<MpesaSetupInput, 'version'> = {
    environment: environment as DarajaEnvironment | undefined,
    expressShortCode,
    initiator: options.initiator?.trim(),
    givingCode: options['giving-code'] === undefined ? undefined : options['giving-code'].trim() || null,
  };
  for (const [flag, field] of Object.entries(DARAJA_SECRET_OPTIONS)) {
    const given = options[flag];
    if (given === '-') input[field] = await promptHidden(`${flag}: `);
    else if (given === 'env') {
      const variable = `DARAJA_${flag.replace(/-/g, '_').toUpperCase()}`;
      const value = process.env[variable];
      if (value === undefined) throw new UsageError(`--${flag} env: ${variable} is not set`);
      input[field] = value;
    } else if (given !== undefined) input[field] = given;
  }
  return input;
}

function partnerIdOption(options: Options): number {
  const partnerId = Number(required(options, 'partner-id'));
  if (!Number.isSafeInteger(partnerId) || partnerId < 1) throw new UsageError('--partner-id must be a partner id (see list-partners)');
  return partnerId;
}

/** --areas: some of PARTNER_AREAS, comma-separated (any case, spaces allowed), or 'none' for none. */
function areasOption(options: Options): PartnerArea[] {
  const value = required(options, 'areas').toLowerCase();
  if (value === 'none') return [];
  const areas = value.split(',').map((area) => area.trim());
  const unknown = areas.filter((area) => !(PARTNER_AREAS as readonly string[]).includes(area));
  if (unknown.length > 0 || areas.length === 0) {
    throw new UsageError(`--areas must be ${PARTNER_AREAS.join(', ')} or both comma-separated, or none (not "${unknown.join(',') || value}")`);
  }
  return PARTNER_AREAS.filter((area) => areas.includes(area));
}

/** A partner's areas as list-partners shows them: 'contacts, messaging'; 'all' for a general partner; '-' for none. */
function areasText(partner: { product: string; areas: readonly PartnerArea[] }): string {
  if (partner.product !== ETRACKER_PRODUCT) return 'all';
  return partner.areas.length === 0 ? '-' : partner.areas.join(', ');
}

/** Balances are 32-bit integers in the database: one top-up stays far below. */
const MAX_WHOLE_NUMBER = 1_000_000_000;

function wholeNumber(options: Options, name: string, min: number): number {
  const value = Number(required(options, name));
  if (!Number.isSafeInteger(value) || value < min || value > MAX_WHOLE_NUMBER) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${MAX_WHOLE_NUMBER.toLocaleString('en-US')}`);
  }
  return value;
}

/** Rows of cells as columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function required(options: Options, name: string): string {
  const value = options[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

/** --country: an ISO 3166 alpha-2 code libphonenumber has numbering rules for; lower case is accepted. */
function countryCode(options: Options): string {
  const country = required(options, 'country').toUpperCase();
  if (!isPhoneCountry(country)) throw new UsageError(`--country "${country}" is not a country code we know (ISO 3166 alpha-2, e.g. KE, UG, TZ, RW)`);
  return country;
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPS_PASSWORD || undefined;
  const password = fromEnv ?? (await promptHidden('Password: '));
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (fromEnv === undefined && (await promptHidden('Password again: ')) !== password) throw new UsageError('The passwords differ');
  return password;
}
