import { sql, type Kysely } from 'kysely';
import { staffActor } from '../../activity/record';
import { addDays, isoDay } from '../../db/demo-random';
import type { Database } from '../../db/schema';
import { TenantScope } from '../../db/tenant-scope';
import type { IncomeValues } from '../ledger-records';
import { createCampaign } from './campaigns';
import { savePledge } from './pledges';

/**
 * The demo harambee (issue 30): Grace Community Church raises KES 2,000,000 into its Building Fund for a new
 * sanctuary, from a Monday about 60 days before `today` for 26 weeks (to about 120 days ahead), M-Pesa account
 * code SANCTUARY. Eight contacts pledged at the launch Sunday (5,000 to 100,000), and gave toward it on the
 * Sundays since: some part of their pledge, one all of it (thanked already), two nothing yet; one contact gave
 * without pledging, and a well-wisher who is no contact gave by M-Pesa (a loose gift: the campaign's, nobody's
 * pledge). Jane made the campaign and the pledges through the functions the screens use, and the gifts are
 * incomes as any other, so the database's triggers keep the totals as they do for real ones. Amounts are fixed
 * (not drawn), so the pledges' figures are DEMO_CAMPAIGN's whatever the rest of the demo draws; the campaign's
 * `paid` also counts the Building Fund's other incomes in its dates (the demo's monthly cheques, an M-Pesa
 * payment a person allocated there).
 */

/** [pledged, gifts as [weeks before the last Sunday, amount, channel]] per pledging contact, in whole shillings. */
type Gift = readonly [weeksAgo: number, shillings: number, mode: 'CASH' | 'CHEQUE' | 'M-PESA'];
const PLEDGES: ReadonlyArray<readonly [pledged: number, gifts: readonly Gift[]]> = [
  [
    100_000,
    [
      [7, 20_000, 'CHEQUE'],
      [4, 15_000, 'M-PESA'],
      [1, 10_000, 'CASH'],
    ],
  ],
  // Fulfilled two weeks ago.
  [
    50_000,
    [
      [6, 30_000, 'CHEQUE'],
      [2, 20_000, 'M-PESA'],
    ],
  ],
  [30_000, [[5, 12_000, 'CASH']]],
  [25_000, []],
  [20_000, [[3, 5_000, 'M-PESA']]],
  [
    10_000,
    [
      [6, 2_000, 'CASH'],
      [0, 2_000, 'CASH'],
    ],
  ],
  [75_000, [[7, 25_000, 'CHEQUE']]],
  [5_000, []],
];
/** The contact who gave without pledging. */
const UNPLEDGED_GIFT: Gift = [3, 8_000, 'M-PESA'];
/** The well-wisher who is no contact (M-Pesa gives a first name only and hides the number). */
const LOOSE_GIFT: Gift = [5, 15_500, 'M-PESA'];
const LOOSE_GIVER = 'Wanjala';

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** What the demo campaign holds, so tests and the README can rely on it (whole shillings). */
export const DEMO_CAMPAIGN = {
  name: 'Sanctuary Building',
  code: 'SANCTUARY',
  account: 'Building Fund',
  target: 2_000_000,
  pledgers: PLEDGES.length,
  fulfilled: 1,
  /** What the eight promised. */
  pledged: sum(PLEDGES.map(([pledged]) => pledged)),
  /** What the eight have paid toward their pledges. */
  paidByPledgers: sum(PLEDGES.flatMap(([, gifts]) => gifts.map(([, shillings]) => shillings))),
  /** What the eight still owe. */
  balance: sum(PLEDGES.map(([pledged, gifts]) => pledged - sum(gifts.map(([, shillings]) => shillings)))),
  unpledgedGift: UNPLEDGED_GIFT[1],
  looseGift: LOOSE_GIFT[1],
} as const;

/** The pledging contacts and the one who gave without pledging: the demo's members, every seventh from the third. */
const CONTACT_STEP = 7;

export interface DemoCampaign {
  /** The campaign's gifts given on Sunday `day` (YYYY-MM-DD), for the books to insert in date order with the rest. */
  giftsOn(day: string): IncomeValues[];
  /** After the gifts: the fulfilled pledge is marked thanked (see below). */
  finish(): Promise<void>;
}

/**
 * Creates the campaign (open) and its pledges as Jane, dated at its launch Sunday, inside the seed's transaction
 * `trx`. The caller inserts the gifts (`giftsOn`) with the rest of the Sunday giving, then calls `finish`. Needs
 * Grace's contacts, Jane and the Building Fund (`accountId`); `lastSunday` is the books' last Sunday giving day,
 * `transId` gives the M-Pesa gifts their references.
 */
export async function startDemoCampaign(
  trx: Kysely<Database>,
  ids: { grace: number; accountId: number },
  lastSunday: Date,
  transId: () => string,
): Promise<DemoCampaign> {
  if (!trx.isTransaction) throw new Error('startDemoCampaign writes within the seed: call it inside its transaction');
  // Jane is seed.ts's DEMO_USERS[0], Grace's owner.
  const jane = await trx.selectFrom('users').select('id').where('partner_id', '=', ids.grace).where('email', '=', 'jane@grace.test').executeTakeFirstOrThrow();
  const grace = new TenantScope(trx, ids.grace, staffActor(jane.id, null));
  const accountId = ids.accountId;
  const start = addDays(lastSunday, -55);
  const launch = addDays(lastSunday, -49);
  const members = await grace.selectFrom('members').select(['id', 'first_name', 'last_name', 'phone']).where('membership_status', '=', 'member').orderBy('id').execute();
  const contact = (i: number) => members[2 + CONTACT_STEP * i]!;
  const pledgers = PLEDGES.map((_, i) => contact(i));
  const unpledged = contact(PLEDGES.length);

  const campaignId = await createCampaign(
    grace,
    {
      name: DEMO_CAMPAIGN.name,
      target: `${DEMO_CAMPAIGN.target}.00`,
      startDate: isoDay(start),
      endDate: isoDay(addDays(start, 26 * 7 - 1)),
      account: accountId,
      code: DEMO_CAMPAIGN.code,
      status: 'open',
    },
    jane.id,
  );
  for (const [i, [pledged]] of PLEDGES.entries()) {
    const { pledgeId } = await savePledge(grace, { campaignId, memberId: pledgers[i]!.id, amount: `${pledged}.00`, source: 'screen', userId: jane.id });
    // Pledged at the launch Sunday's service, a few minutes apart (the demo is history, not today's work).
    const at = new Date(launch.getTime() + (11 * 60 + 5 * i) * 60_000);
    await grace.raw(async (db, tenantId) => {
      // Their creation times, which the app itself never changes.
      await sql`update pledges set pledged_at = ${at}, created_at = ${at}, updated_at = ${at} where tenant_id = ${tenantId} and id = ${pledgeId}`.execute(db);
      await sql`update pledge_changes set changed_at = ${at} where tenant_id = ${tenantId} and pledge_id = ${pledgeId}`.execute(db);
    });
  }

  const gifts = new Map<string, IncomeValues[]>();
  let cheques = 0;
  const give = (member: { id: number; first_name: string; last_name: string; phone: string } | null, [weeksAgo, shillings, mode]: Gift) => {
    const day = isoDay(addDays(lastSunday, -7 * weeksAgo));
    const income: IncomeValues = {
      first_name: member ? member.first_name : LOOSE_GIVER,
      last_name: member ? member.last_name : '',
      phone: member ? member.phone : '',
      amount: `${shillings}.00`,
      payment_for: DEMO_CAMPAIGN.name,
      account_id: accountId,
      date_of_transaction: day,
      mode,
      reference: mode === 'CASH' ? 'Harambee envelope' : mode === 'CHEQUE' ? `CHQ ${300_101 + cheques++}` : transId(),
      member_id: member ? member.id : null,
    };
    gifts.set(day, [...(gifts.get(day) ?? []), income]);
  };
  for (const [i, [, pledgeGifts]] of PLEDGES.entries()) for (const gift of pledgeGifts) give(pledgers[i]!, gift);
  give(unpledged, UNPLEDGED_GIFT);
  give(null, LOOSE_GIFT);

  return {
    giftsOn: (day) => gifts.get(day) ?? [],
    finish: async () => {
      // The pledge fulfilled two weeks ago was thanked then: without thanked_at the pledges worker would queue a
      // thank-you SMS for it on the demo's first start, a message nobody asked for.
      await grace
        .updateTable('pledges')
        .set({ thanked_at: new Date(addDays(lastSunday, -14).getTime() + 14 * 3_600_000) })
        .where('campaign_id', '=', campaignId)
        .where('pledged', '>', '0')
        .where((eb) => eb('paid', '>=', eb.ref('pledged')))
        .execute();
    },
  };
}
