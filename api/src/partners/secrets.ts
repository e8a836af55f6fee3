import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Partners' secrets at rest (issue 29: Daraja's consumer key and secret, passkey, security credential): sealed with
 * AES-256-GCM under the server's SECRETS_KEY (config.ts `secretsKey`, 32 bytes). A sealed text is
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url: a fresh 12-byte IV per seal, the 16-byte authentication tag.
 * Opening with another key, or a text changed in any way, throws SealedSecretError: never a wrong plain text.
 * Neither function logs anything; the caller never logs what they return.
 */

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed text that cannot be opened: another SECRETS_KEY, or a text that is not one we sealed. */
export class SealedSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedSecretError';
  }
}

function checkedKey(key: Buffer): Buffer {
  if (key.length !== 32) throw new RangeError('The secrets key must be 32 bytes (SECRETS_KEY)');
  return key;
}

/** Seals `plain` (UTF-8) under `key`: a different text each time, even for the same plain text. */
export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, checkedKey(key), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Opens a text `seal` made with the same key; throws SealedSecretError otherwise. */
export function open(sealed: string, key: Buffer): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SealedSecretError('This is not a sealed secret (expected v1.<iv>.<tag>.<ciphertext>)');
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedSecretError('This sealed secret is damaged (its IV or tag has the wrong length)');
  const decipher = createDecipheriv(ALGORITHM, checkedKey(key), iv);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('The sealed secret cannot be opened: SECRETS_KEY is not the key it was sealed with, or the text was changed');
  }
}

/** Seals a JSON value (partner_daraja.secrets holds one object of every secret). */
export const sealJson = (value: unknown, key: Buffer): string => seal(JSON.stringify(value), key);
export const openJson = <T>(sealed: string, key: Buffer): T => JSON.parse(open(sealed, key)) as T;
