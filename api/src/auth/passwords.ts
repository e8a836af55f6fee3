import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports a const enum, which isolatedModules cannot inline. */
const ARGON2ID = 2;

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms per login on a small server. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a throwaway hash so that an unknown email takes as long as a wrong
 * password: login timing must not reveal which emails have accounts.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
}
