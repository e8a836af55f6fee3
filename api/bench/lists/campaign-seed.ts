/**
 * The lists benchmark's campaign (issue 30): one harambee of a partner with `pledges` pledges from its generated
 * contacts and `payments` incomes toward them, made by the database (INSERT ... SELECT over generate_series, a few
 * statements), so the incomes triggers of migrations 0010 and 0029 keep the day totals, the weeks, each pledge's
 * `paid` and the campaign's totals as they do for incomes typed in. Checked afterwards: the campaign's `paid` is
 * the sum of its incomes, and its pledged, owed and fulfilled the sums of its pledges.
 *
 * - Pledger j (1..pledges) is the partner's generated contact k = j × step (step = contacts ÷ pledges, at least 1),
 *   found by its generated number (src/contacts/generate.ts, `generatedPhone`), so the scenarios know a pledger's
 *   phone and the pledgers spread over the whole contact list (and its names) at any size.
 * - Pledges of 1,000 to 25,500; one pledger in ten (j a multiple of 10) has paid nothing, the others about 11
 *   payments of 100 to 2,050 each (at the default sizes), so some owe, some have paid it all and some more.
 * - The payments are inserted first (their trigger makes a pledge row of 0 for each payer) and the pledges then set
 *   each row's amount, a thousand a statement (see below).
 * - Incomes on an income account of their own, dated evenly from the campaign's start to today, a third by
 *   M-Pesa (reference TC<receipt number>: never an income scenario's TK… TransID), the rest cash; receipt numbers
 *   continue the partner's (partners.last_receipt_number), as every income's do.
 * - `open`: the measured partner's campaign runs from 364 days ago to 60 days ahead; a closed one (the neighbour's
 *   noise) ran from 800 to 400 days ago. Pledges already fulfilled are marked thanked, as on a live server where
 *   the thank-you worker has long sent them.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../src/db/schema';

const CHUNK = 100_000;
/** Pledges per statement (see below). */
const PLEDGE_CHUNK = 1_000;

export interface CampaignSizes {
  /** the partner's generated contacts (pledgers are chosen among them) */
  contacts: number;
  pledges: number;
  payments: number;
  open: boolean;
}

/** Contacts between two pledgers: the pledgers spread over every generated contact. */
export const pledgerStep = (contacts: number, pledges: number): number => Math.max(1, Math.floor(contacts / Math.max(1, pledges)));

/** The pledges the seed makes: at most one per contact. */
export const pledgesOf = (contacts: number, pledges: number): number => Math.max(0, Math.min(contacts, pledges));

/** The generated-contact number k (generate.ts) of pledger j. */
export const pledgerContact = (j: number, contacts: number, pledges: number): number => j * pledgerStep(contacts, pledges);

/** generate.ts's number of contact k, in SQL (`generatedPhone`). */
const generatedPhoneSql = (k: RawBuilder<unknown>) => sql`'+25411' || lpad(((${k})::bigint * 7919 % 10000000)::text, 7, '0')`;

/** Seeds the campaign and returns its id. */
export async function insertCampaign(db: Kysely<Database>, tenantId: number, sizes: CampaignSizes): Promise<number> {
  const pledges = pledgesOf(sizes.contacts, sizes.pledges);
  const step = pledgerStep(sizes.contacts, pledges);
  const [startDaysAgo, endDaysAgo] = sizes.open ? [364, -60] : [800, 400];
  const name = sizes.open ? 'Sanctuary Building' : 'Land Purchase';

  const account = await db
    .insertInto('accounts')
    .values({ tenant_id: tenantId, name: `${name} Fund`, type: 'CR', parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      tenant_id: tenantId,
      name,
      target: String(Math.max(1, pledges) * 15_000),
      start_date: sql<string>`current_date - ${startDaysAgo}::int`,
      end_date: sql<string>`current_date - ${endDaysAgo}::int`,
      account_id: account.id,
      status: sizes.open ? 'open' : 'closed',
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The payments first (a pledge of 0 changes no campaign total, so the incomes trigger's rows cost nothing more).
  // Payers: the pledgers whose j is no multiple of 10, numbered q = 1..payers (j = q + (q - 1) / 9);
  // payment i goes to payer 1 + i × 7,919 mod payers, a permutation that spreads each payer's payments over time.
  const payers = pledges - Math.floor(pledges / 10);
  const { last } = await db.selectFrom('partners').select('last_receipt_number as last').where('id', '=', tenantId).executeTakeFirstOrThrow();
  const days = sizes.open ? startDaysAgo : startDaysAgo - endDaysAgo;
  const payments = payers > 0 ? sizes.payments : 0;
  for (let from = 1; from <= payments; from += CHUNK) {
    const to = Math.min(payments, from + CHUNK - 1);
    await sql`
      insert into incomes (tenant_id, receipt_number, first_name, last_name, phone, amount, payment_for, account_id,
        date_of_transaction, mode, reference, member_id)
      select ${tenantId}, ${last}::int + i, m.first_name, m.last_name, m.phone,
        100 + ((i::bigint * 13) % 40) * 50,
        ${`${name} Fund`}::text, ${account.id}::int,
        current_date - ${startDaysAgo}::int + ((i - 1)::bigint * ${days} / ${payments})::int,
        (array['M-PESA','CASH','CASH'])[1 + i % 3],
        case when i % 3 = 0 then 'TC' || lpad((${last}::int + i)::text, 8, '0') else 'Harambee' end,
        m.id
      from generate_series(${from}::int, ${to}::int) as i
      cross join lateral (select 1 + (i::bigint * 7919) % ${payers} as q) as payer
      join members m on m.tenant_id = ${tenantId} and m.phone = ${generatedPhoneSql(sql`(payer.q + (payer.q - 1) / 9) * ${step}`)}
      order by i`.execute(db);
  }
  // Pledger j: contact k = j × step. Pledged 1,000 + 500 × (0..49); made over the campaign's first weeks. After the
  // payments, whose trigger made a row (pledged 0) for each payer: the pledge's amount then sets each row once.
  // In statements of PLEDGE_CHUNK rows: each pledge row's trigger updates the campaign row, and PostgreSQL
  // follows every version one transaction makes of a row, so one statement of 20,000 would take minutes.
  let made = 0;
  for (let from = 1; from <= pledges; from += PLEDGE_CHUNK) {
    const to = Math.min(pledges, from + PLEDGE_CHUNK - 1);
    const result = await sql`
      insert into pledges as p (tenant_id, campaign_id, member_id, pledged, pledged_at)
      select ${tenantId}, ${campaign.id}, m.id, 1000 + ((j::bigint * 37) % 50) * 500,
        (current_date - ${startDaysAgo}::int)::timestamptz + (j % 60) * interval '1 day' + (j % 600) * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) as j
      join members m on m.tenant_id = ${tenantId} and m.phone = ${generatedPhoneSql(sql`j::bigint * ${step}`)}
      order by m.id
      on conflict (tenant_id, campaign_id, member_id) do update set pledged = excluded.pledged, pledged_at = excluded.pledged_at`.execute(db);
    made += Number(result.numAffectedRows ?? 0);
  }
  if (made !== pledges) throw new Error(`campaign seed: ${made} pledges made, not ${pledges}`);
  await db
    .updateTable('partners')
    .set({ last_receipt_number: last + payments })
    .where('id', '=', tenantId)
    .execute();
  await sql`update pledges set thanked_at = now() where tenant_id = ${tenantId} and campaign_id = ${campaign.id} and pledged > 0 and paid >= pledged`.execute(db);

  // The triggers' totals against the incomes and pledge rows themselves.
  const check = await sql<Record<string, string>>`
    select c.paid::text, c.pledged::text, c.owed::text, c.pledgers::text, c.fulfilled::text,
      (select count(*) from incomes i where i.tenant_id = c.tenant_id and i.account_id = c.account_id)::text as payments,
      (select coalesce(sum(i.amount), 0) from incomes i where i.tenant_id = c.tenant_id and i.account_id = c.account_id)::text as incomes,
      (select coalesce(sum(w.amount), 0) from campaign_weeks w where w.tenant_id = c.tenant_id and w.campaign_id = c.id)::text as weeks,
      p.rows, p.pledged_sum, p.paid_sum, p.owed_sum, p.fulfilled_count
    from campaigns c
    cross join lateral (
      select count(*)::text as rows, sum(pledged)::text as pledged_sum, sum(paid)::text as paid_sum, sum(balance)::text as owed_sum,
        count(*) filter (where pledged > 0 and paid >= pledged)::text as fulfilled_count
      from pledges where tenant_id = c.tenant_id and campaign_id = c.id
    ) p
    where c.tenant_id = ${tenantId} and c.id = ${campaign.id}`.execute(db);
  const t = check.rows[0]!;
  const same = (a: string | undefined, b: string | number | undefined) => Number(a ?? 0) === Number(b ?? 0);
  const agree =
    same(t.payments, payments) &&
    same(t.paid, t.incomes) &&
    same(t.weeks, t.incomes) &&
    same(t.paid_sum, t.incomes) &&
    same(t.rows, pledges) &&
    same(t.pledgers, pledges) &&
    same(t.pledged, t.pledged_sum) &&
    same(t.owed, t.owed_sum) &&
    same(t.fulfilled, t.fulfilled_count);
  if (!agree) throw new Error(`campaign seed: the kept totals disagree with the rows: ${JSON.stringify(t)} (${pledges} pledges, ${payments} payments)`);
  return campaign.id;
}
