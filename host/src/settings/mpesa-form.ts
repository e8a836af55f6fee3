import {
  DARAJA_SECRETS,
  GIVING_CODE,
  MPESA_MAX_AMOUNT,
  type DarajaEnvironment,
  type DarajaSecret,
  type ExpressTransactionType,
  type MpesaSetup,
  type MpesaSetupInput,
} from '@ushirika/shared/contract';
import { moneyValue } from '@ushirika/shared/ui';

/*
 * Settings → M-Pesa's two forms (issue 29): the Daraja credentials and the giving page. Each sends only what the user
 * changed (and the secrets they typed), with the setup's version: the rest stays as the server has it. The checks
 * here say early what the server refuses too; each answers the catalogue id of its message, or undefined.
 */

/** What a setup save sends besides its version. */
export type SetupChanges = Omit<MpesaSetupInput, 'version'>;

/** A short code (a paybill, a till or its head office): 5 to 7 digits, as the C2B short codes (api/src/partners/queries.ts). */
const SHORT_CODE = /^\d{5,7}$/;
/** A giving page's amount: whole shillings, from 1, no leading zero (typed grouped or not: '1,500' is 1500). */
const WHOLE_SHILLINGS = /^[1-9]\d{0,5}$/;
/** The longest secret (a security credential is a few hundred characters) and initiator name the server takes (api/src/finance/mpesa/setup.ts). */
export const SECRET_MAX_LENGTH = 1000;
export const INITIATOR_MAX_LENGTH = 100;

/** Daraja's transaction type of a till (Buy Goods): its PartyB is the till number. */
export const TILL: ExpressTransactionType = 'CustomerBuyGoodsOnline';

export interface CredentialValues extends Record<DarajaSecret, string> {
  environment: DarajaEnvironment;
  expressShortCode: string;
  transactionType: ExpressTransactionType;
  partyB: string;
  initiator: string;
}

/** The credentials form as the setup is: secrets are never read back, so their inputs start empty. */
export function credentialValues(setup: MpesaSetup): CredentialValues {
  return {
    environment: setup.environment,
    expressShortCode: setup.expressShortCode,
    transactionType: setup.transactionType,
    partyB: setup.partyB,
    initiator: setup.initiator,
    consumerKey: '',
    consumerSecret: '',
    passkey: '',
    securityCredential: '',
  };
}

/** The non-secret fields that differ from the setup, and every secret typed; a paybill's PartyB is its short code (''). */
export function credentialChanges(values: CredentialValues, setup: MpesaSetup): SetupChanges {
  const wanted = {
    environment: values.environment,
    expressShortCode: values.expressShortCode.trim(),
    transactionType: values.transactionType,
    partyB: values.transactionType === TILL ? values.partyB.trim() : '',
    initiator: values.initiator.trim(),
  };
  const changes: SetupChanges = {};
  for (const field of Object.keys(wanted) as Array<keyof typeof wanted>) {
    if (wanted[field] !== setup[field]) Object.assign(changes, { [field]: wanted[field] });
  }
  for (const secret of DARAJA_SECRETS) {
    const typed = values[secret].trim();
    if (typed !== '') changes[secret] = typed;
  }
  return changes;
}

export interface GivingValues {
  givingCode: string;
  minAmount: string;
  maxAmount: string;
}

export const givingValues = (setup: MpesaSetup): GivingValues => ({ givingCode: setup.givingCode ?? '', minAmount: setup.minAmount, maxAmount: setup.maxAmount });

/** The giving page's fields that differ from the setup; an emptied code is null (no giving page). */
export function givingChanges(values: GivingValues, setup: MpesaSetup): SetupChanges {
  const code = values.givingCode.trim() === '' ? null : values.givingCode.trim();
  const changes: SetupChanges = {};
  if (code !== setup.givingCode) changes.givingCode = code;
  const minAmount = moneyValue(values.minAmount);
  const maxAmount = moneyValue(values.maxAmount);
  if (minAmount !== setup.minAmount) changes.minAmount = minAmount;
  if (maxAmount !== setup.maxAmount) changes.maxAmount = maxAmount;
  return changes;
}

/** A message id when `value` is no short code; empty is allowed ('not set', or for PartyB 'the short code'). */
export const shortCodeError = (value: string | undefined) => (!value?.trim() || SHORT_CODE.test(value.trim()) ? undefined : 'settings.mpesa.error.shortCode');

export const lengthError = (max: number) => (value: string | undefined) => ((value ?? '').trim().length > max ? 'settings.mpesa.error.tooLong' : undefined);

/** Empty: no giving page. Else 3 to 40 lower-case letters, digits and '-' (GIVING_CODE). */
export const givingCodeError = (value: string | undefined) => (!value?.trim() || GIVING_CODE.test(value.trim()) ? undefined : 'settings.mpesa.error.givingCode');

/** Whole shillings, from 1 to M-Pesa's largest payment. */
export function amountError(value: string | undefined): string | undefined {
  const amount = moneyValue(value ?? '');
  if (!WHOLE_SHILLINGS.test(amount)) return 'settings.mpesa.error.amount';
  return Number(amount) > Number(MPESA_MAX_AMOUNT) ? 'settings.mpesa.error.aboveMpesaMax' : undefined;
}

/** The largest amount: an amount, and not below the smallest (when that one is an amount). */
export function maxAmountError(max: string | undefined, min: string | undefined): string | undefined {
  const wrong = amountError(max);
  if (wrong) return wrong;
  return amountError(min) === undefined && Number(moneyValue(max ?? '')) < Number(moneyValue(min ?? '')) ? 'settings.mpesa.error.maxBelowMin' : undefined;
}
