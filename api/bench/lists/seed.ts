/**
 * The lists benchmark's data: a measured partner with BENCH_CONTACTS contacts, BENCH_MEETINGS meetings,
 * BENCH_INCOMES incomes and BENCH_MESSAGES sent messages (most to its contacts, seeding.ts), an open campaign with BENCH_PLEDGES pledges and
 * BENCH_CAMPAIGN_PAYMENTS incomes toward it (campaign-seed.ts), and a neighbour with a tenth of each (its campaign
 * closed; its rows share every table and index, as on a multi-partner server), then VACUUM ANALYZE. Also one user of the measured
 * partner and a token for it, signed with the server's JWT secret. The handle is closed on return: PGlite
 * belongs to one process, and the server is about to open it.
 */
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { issueToken } from '../../src/auth/tokens';
import { insertGeneratedContacts } from '../../src/contacts/generate';
import { openDatabase, type DatabaseTarget } from '../../src/db/connection';
import { migrateToLatest } from '../../src/db/migrate';
import { createPartner, createUser } from '../../src/partners/queries';
import { insertIncomes, insertMeetings, insertMessages } from '../seeding';
import { insertCampaign } from './campaign-seed';
import type { Sizes } from './scenarios';

const NEIGHBOUR_SHARE = 0.1;
const TOKEN_TTL_SECONDS = 86_400;

export interface Seeded {
  /** `Bearer <token>` of the measured partner's user */
  authorization: string;
  seconds: number;
  /** the measured partner's open campaign (the campaigns scenarios') */
  campaignId: number;
}

export async function seedListsData(target: DatabaseTarget, sizes: Sizes, jwtSecret: string): Promise<Seeded> {
  const started = Date.now();
  const handle = await openDatabase(target);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    const partner = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
    const neighbour = await createPartner(db, { name: 'Neighbour Church', product: 'general', smsUnits: 0 });
    let campaignId: number | undefined;
    for (const [tenant, share] of [
      [partner, 1],
      [neighbour, NEIGHBOUR_SHARE],
    ] as const) {
      const contacts = await insertGeneratedContacts(db, tenant, Math.round(sizes.contacts * share));
      await insertMeetings(db, tenant, Math.round(sizes.meetings * share), ['Sunday Service', 'Midweek Bible Study', 'Youth Fellowship', "Women's Guild"]);
      await insertIncomes(db, tenant, Math.round(sizes.incomes * share));
      await insertMessages(db, tenant, Math.round(sizes.messages * share), contacts);
      const campaign = await insertCampaign(db, tenant, {
        contacts: Math.round(sizes.contacts * share),
        pledges: Math.round(sizes.pledges * share),
        payments: Math.round(sizes.campaignPayments * share),
        open: tenant === partner,
      });
      if (tenant === partner) campaignId = campaign;
    }
    // What autovacuum does on a live PostgreSQL (and the server's statistics refresh on PGlite).
    await sql`vacuum analyze`.execute(db);
    const userId = await createUser(db, { partnerId: partner, email: 'bench@bench.test', password: 'bench-password', firstName: 'Bench', lastName: 'User' });
    // Signed by an app of our own with the server's secret and claims: the server takes it for one of its own.
    const signer = await buildApp({ db, config: { jwtSecret, tokenTtlSeconds: TOKEN_TTL_SECONDS, webRoot: undefined }, logger: false });
    const authorization = `Bearer ${issueToken(signer, userId, partner, TOKEN_TTL_SECONDS)}`;
    await signer.close();
    return { authorization, seconds: (Date.now() - started) / 1000, campaignId: campaignId! };
  } finally {
    await handle.close();
  }
}
