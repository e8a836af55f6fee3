import * as yup from 'yup';
import { idField } from './common';

/** POST /api/v2/login. Both fields are checked as given; the email is compared trimmed and ignoring case. */
export const loginRequest = yup.object({
  email: yup.string().max(320).defined(),
  password: yup.string().max(1024).defined(),
});
export type LoginRequest = yup.InferType<typeof loginRequest>;

/** Product value that selects the expense-tracker variant; anything else is the general variant. */
export const ETRACKER_PRODUCT = 'etracker';

export const sessionPartner = yup.object({
  id: idField(),
  name: yup.string().defined(),
  product: yup.string().defined(),
  /** ISO 3166-1 alpha-2 ('KE', 'UG', …): local phone numbers are read as this country's. */
  country: yup.string().defined(),
});
export type SessionPartner = yup.InferType<typeof sessionPartner>;

export const sessionUser = yup.object({
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  email: yup.string().defined(),
  Partner: sessionPartner,
});
export type SessionUser = yup.InferType<typeof sessionUser>;

/** Answer of POST /api/v2/login. */
export const loginResponse = yup.object({
  access_token: yup.string().defined(),
  user: sessionUser,
});
export type LoginResponse = yup.InferType<typeof loginResponse>;

/** Claims inside access_token (a JWT). `tenantid` is the partner id; the server trusts nothing else. */
export interface TokenClaims {
  sub: string;
  tenantid: number;
  exp: number;
  iat: number;
}
