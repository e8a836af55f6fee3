import { sql, type Kysely } from 'kysely';
import { DEMO_CONTACT_COUNTS, insertDemoContacts } from '../contacts/demo-contacts';
import { insertDemoAttendance } from '../meetings/demo-meetings';
import { DEMO_FINANCE_COUNTS, insertDemoFinance } from '../finance/demo-finance';
import { createPartner, createUser } from '../partners/queries';
import { addDays, between, isoDay, mulberry32, pick } from './demo-random';
import type { Database, NewMeeting } from './schema';
import type { Role } from '@ushirika/shared/contract';

/** The demo logins printed at start and used by the end-to-end tests. */
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_USERS = [
  { email: 'jane@grace.test', firstName: 'Jane', lastName: 'Wanjiku', partner: 'Grace Community Church' },
  { email: 'peter@upendo.test', firstName: 'Peter', lastName: 'Otieno', partner: 'Upendo Traders' },
] as const;

/**
 * Grace's other staff, one per role (issue 25), so a newcomer can sign in as each and see what it may do; Jane
 * is its owner. They sign in with the email or the mobile, password DEMO_PASSWORD.
 */
export const DEMO_STAFF: ReadonlyArray<{ email: string; phone: string; firstName: string; lastName: string; role: Role }> = [
  { email: 'administrator@grace.test', phone: '+254711000101', firstName: 'Daniel', lastName: 'Kiprono', role: 'administrator' },
  { email: 'treasurer@grace.test', phone: '+254711000102', firstName: 'Ruth', lastName: 'Muthoni', role: 'treasurer' },
  { email: 'clerk@grace.test', phone: '+254711000103', firstName: 'Kevin', lastName: 'Omondi', role: 'finance_clerk' },
  { email: 'secretary@grace.test', phone: '+254711000104', firstName: 'Esther', lastName: 'Atieno', role: 'secretary' },
  { email: 'messaging@grace.test', phone: '+254711000105', firstName: 'Brian', lastName: 'Mwangi', role: 'messaging' },
  { email: 'viewer@grace.test', phone: '+254711000106', firstName: 'Lucy', lastName: 'Chebet', role: 'viewer' },
];

/** What `seedDemoData` creates, so tests can rely on it. */
export const SEED_COUNTS = {
  graceMeetingTypes: 6,
  upendoMeetingTypes: 2,
  /** 52 Sunday services + 52 midweek Bible studies. */
  graceMeetings: 104,
  ...DEMO_CONTACT_COUNTS,
  ...DEMO_FINANCE_COUNTS,
} as const;

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('partners').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Deletes every row (the schema stays) and seeds, in one transaction: `pnpm seed --reset`. */
export async function resetToDemoData(db: Kysely<Database>, today: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // cascade: every table that refers to partners goes too; the M-Pesa inbox refers to none.
    await sql`truncate mpesa_callbacks, household_members, households, group_members, groups, group_types, member_counts, members, meetings, meeting_types, users, partners restart identity cascade`.execute(
      trx,
    );
    await insertDemoData(trx, today);
  });
}

/**
 * Two demo partners, one per product variant, a year of Grace's meetings up to `today` and the
 * contact books (Grace's congregation with its groups, a few customers of Upendo).
 * Deterministic: a fixed-seed PRNG, and dates counted back from `today`. One transaction, so a
 * failed seed leaves the database empty and the next start tries again.
 */
export async function seedDemoData(db: Kysely<Database>, today: Date = new Date()): Promise<void> {
  await db.transaction().execute((trx) => insertDemoData(trx, today));
}

async function insertDemoData(trx: Kysely<Database>, today: Date): Promise<void> {
  const [graceUser, upendoUser] = DEMO_USERS;
  const random = mulberry32(20_260_101);

  const grace = await createPartner(trx, { name: graceUser.partner, product: 'general', smsUnits: 1250 });
  // An etracker partner that keeps its customers (contacts) too, but sends no SMS from here (issue 28.7).
  const upendo = await createPartner(trx, { name: upendoUser.partner, product: 'etracker', smsUnits: 300, areas: ['contacts'] });
  await createUser(trx, { partnerId: grace, email: graceUser.email, password: DEMO_PASSWORD, firstName: graceUser.firstName, lastName: graceUser.lastName });
  await createUser(trx, { partnerId: upendo, email: upendoUser.email, password: DEMO_PASSWORD, firstName: upendoUser.firstName, lastName: upendoUser.lastName });
  for (const { role, ...staff } of DEMO_STAFF) await createUser(trx, { partnerId: grace, ...staff, password: DEMO_PASSWORD, roles: [role] });

  const yearAgo = addDays(today, -365);
  const graceTypes = await insertMeetingTypes(trx, grace, GRACE_MEETING_TYPES, yearAgo);
  await insertMeetingTypes(trx, upendo, UPENDO_MEETING_TYPES, yearAgo);

  const sundayService = graceTypes.get('Sunday Service')!;
  const bibleStudy = graceTypes.get('Midweek Bible Study')!;
  const lastSunday = addDays(today, -today.getUTCDay());
  const lastWednesday = addDays(today, -((today.getUTCDay() + 7 - 3) % 7));
  const meetings: NewMeeting[] = [];
  for (let week = 51; week >= 0; week -= 1) {
    meetings.push(sunday(grace, sundayService, addDays(lastSunday, -7 * week), random));
    meetings.push(midweek(grace, bibleStudy, addDays(lastWednesday, -7 * week), random));
  }
  await trx.insertInto('meetings').values(meetings).execute();
  // Its own PRNG stream, so the contacts do not change the meetings above; what Grace keeps of its people (issue 27)
  // from another, so the contacts' names and numbers stay as they were.
  await insertDemoContacts(trx, { grace, upendo }, today, mulberry32(20_260_202), mulberry32(20_260_227));
  await insertDemoAttendance(trx, grace, mulberry32(20_260_404));
  // The books read the contacts (givers are members): after them, with a stream of their own.
  await insertDemoFinance(trx, { grace, upendo }, today, mulberry32(20_260_303));
}

/** Created a day apart, so the newest-first list shows the last one of `types` first. */
async function insertMeetingTypes(db: Kysely<Database>, tenantId: number, types: ReadonlyArray<readonly [string, string]>, firstDay: Date) {
  const rows = await db
    .insertInto('meeting_types')
    .values(types.map(([name, description], i) => ({ tenant_id: tenantId, name, description, created_at: addDays(firstDay, i) })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

const GRACE_MEETING_TYPES = [
  ['Sunday Service', 'Main worship service with sermon, choir and offering'],
  ['Midweek Bible Study', 'Wednesday evening study of scripture in small groups'],
  ['Youth Fellowship', 'Saturday afternoon fellowship for members aged 15 to 30'],
  ["Women's Guild", 'Monthly meeting of the women of the congregation'],
  ['Prayer Meeting', 'Friday evening prayer and intercession'],
  ["Leaders' Meeting", 'Elders and ministry leaders plan the month ahead'],
] as const;

const UPENDO_MEETING_TYPES = [
  ['Monthly Members Meeting', 'Review of contributions, loans and the month’s accounts'],
  ['Committee Meeting', 'Officials meet before the members meeting'],
] as const;

const FACILITATORS = ['Rev. John Kamau', 'Pastor Grace Njeri', 'Elder Samuel Odhiambo', 'Deacon Mary Wambui', 'Elder Joseph Mutua'];
const SPEAKERS = ['Rev. John Kamau', 'Bishop David Kiprotich', 'Pastor Esther Achieng', 'Rev. Daniel Mwangi', 'Evangelist Ruth Chebet', 'Pastor Peter Njoroge'];
const SERMONS = [
  'Walking in Faith',
  'The Good Samaritan',
  'Harvest Thanksgiving',
  'Grace Upon Grace',
  'Building on the Rock',
  'The Prodigal Son',
  'Light of the World',
  'Faithful Stewardship',
  'Hope in Hard Times',
  'Serving One Another',
];
const STUDIES = ['Book of Romans', 'Prayer and Fasting', 'Psalms of Praise', 'Acts of the Apostles', 'Gospel of John', 'Letters of Paul'];

function sunday(tenantId: number, typeId: number, day: Date, random: () => number): NewMeeting {
  const expected = 300;
  return meeting(tenantId, typeId, day, random, {
    startTime: '09:00',
    endTime: '12:00',
    expected,
    actual: between(random, 220, 340),
    subject: pick(random, SERMONS),
    offeringCents: between(random, 2_500_000, 8_500_000),
  });
}

function midweek(tenantId: number, typeId: number, day: Date, random: () => number): NewMeeting {
  return meeting(tenantId, typeId, day, random, {
    startTime: '18:00',
    endTime: '20:00',
    expected: 60,
    actual: between(random, 35, 70),
    subject: pick(random, STUDIES),
    offeringCents: between(random, 300_000, 1_200_000),
  });
}

function meeting(
  tenantId: number,
  typeId: number,
  day: Date,
  random: () => number,
  m: { startTime: string; endTime: string; expected: number; actual: number; subject: string; offeringCents: number },
): NewMeeting {
  const date = isoDay(day);
  return {
    tenant_id: tenantId,
    meeting_type_id: typeId,
    date_of_meeting: date,
    start_time: m.startTime,
    end_time: m.endTime,
    actual_attendance: m.actual,
    expected_attendance: m.expected,
    subject: m.subject,
    facilitator: pick(random, FACILITATORS),
    speaker: pick(random, SPEAKERS),
    // Whole cents formatted as text: the amount never exists as a float.
    total_offering: `${Math.floor(m.offeringCents / 100)}.${String(m.offeringCents % 100).padStart(2, '0')}`,
    notes: '',
    created_at: `${date}T19:30:00Z`,
  };
}
