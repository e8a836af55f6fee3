import type { Kysely } from 'kysely';
import { DEFAULT_MPESA_CALLBACK_PREFIX, type Config } from '../../config';
import type { Database } from '../../db/schema';
import type { DarajaApi, DarajaDeps } from './daraja-api';
import { developmentSimulator } from './express/simulator';
import { darajaFor } from './setup';

/**
 * Where a partner's M-Pesa Express prompts go (issue 29): Safaricom's Daraja when the partner has entered complete
 * credentials (./setup.ts `darajaFor`); otherwise, on a server that is not in production, the development simulator
 * (./express/simulator.ts: answered paid, no money moves); otherwise nowhere (undefined: the caller says the partner
 * must enter its credentials). A DarajaError when the stored credentials cannot be opened (SECRETS_KEY changed).
 */
export async function partnerDaraja(db: Kysely<Database>, tenantId: number, deps: DarajaDeps): Promise<DarajaApi | undefined> {
  const daraja = await darajaFor(db, tenantId, deps);
  if (daraja) return daraja;
  return deps.production ? undefined : developmentSimulator(db, tenantId);
}

/** The Daraja callers' configuration from the server's: app.ts's routes and main.ts's reconciler (tests leave most of it out). */
export function darajaDepsFrom(
  config: Pick<Config, 'secretsKey'> & Partial<Pick<Config, 'darajaBaseUrl' | 'publicUrl' | 'mpesaCallbackPrefix' | 'mpesaQueryAfterMs'>>,
  production = process.env.NODE_ENV === 'production',
): DarajaDeps {
  return {
    secretsKey: config.secretsKey,
    baseUrl: config.darajaBaseUrl,
    production,
    publicUrl: config.publicUrl,
    callbackPrefix: config.mpesaCallbackPrefix ?? DEFAULT_MPESA_CALLBACK_PREFIX,
    queryAfterMs: config.mpesaQueryAfterMs,
  };
}
