/** POST /api/v2/login */
export interface LoginRequest {
  email: string;
  password: string;
}

/** Product value that selects the expense-tracker variant; anything else is the general variant. */
export const ETRACKER_PRODUCT = 'etracker';

export interface SessionPartner {
  id: number;
  name: string;
  product: string;
}

export interface SessionUser {
  firstName: string;
  lastName: string;
  email: string;
  Partner: SessionPartner;
}

export interface LoginResponse {
  access_token: string;
  user: SessionUser;
}

/** Claims inside access_token (a JWT). `tenantid` is the partner id; the server trusts nothing else. */
export interface TokenClaims {
  sub: string;
  tenantid: number;
  exp: number;
  iat: number;
}
