import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app makes them: SHA-1, 6 digits, 30-second
 * steps, a 20-byte secret in base32 (otplib's defaults). A code is accepted one step early or late (a phone's
 * clock drifts, a person types slowly), and only for a step after the last one accepted, so a code seen over
 * someone's shoulder cannot be used again (RFC 6238 section 5.2; users.totp_last_step).
 */

/** What authenticator apps show above the code. */
const ISSUER = 'Ushirika';
/** One step either side, in seconds. */
const TOLERANCE_SECONDS = 30;

export const TOTP_CODE = /^\d{6}$/;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI of the QR code: the app names the account '<partner> / <login>'. */
export function otpauthUrl(secret: string, partnerName: string, login: string): string {
  // A colon in the label would be read as the issuer's separator.
  const label = `${partnerName} / ${login}`.replace(/:/g, ' ');
  return generateURI({ issuer: ISSUER, label, secret });
}

/** The QR code of `url` as an SVG document. */
export const qrSvg = (url: string): Promise<string> => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/**
 * The time step of `code` when it is the secret's code now (± one step) and later than `afterStep`;
 * undefined otherwise.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null = null): Promise<number | undefined> {
  if (!TOTP_CODE.test(code)) return undefined;
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
