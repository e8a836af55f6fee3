import type { Kysely } from 'kysely';
import type { Gender, HouseholdRole, MaritalStatus, MembershipStatus } from '@ushirika/shared/contract';
import { normalizePhone } from '@ushirika/shared/validation';
import { isoDay } from '../db/demo-random';
import type { Database, NewMember } from '../db/schema';

/**
 * The demo contact book: Grace Community Church's congregation, its group types and groups, what the church keeps
 * of its people (dates of birth, membership and marital status) and a few households, and a few customers of
 * Upendo Traders. Deterministic for a given `random`, `people` and `today`.
 */
export const DEMO_CONTACT_COUNTS = {
  graceContacts: 150,
  graceGroupTypes: 4,
  graceGroups: 8,
  graceHouseholds: 4,
  upendoContacts: 6,
} as const;

type Random = () => number;

// prettier-ignore
const MALE = [
  'John', 'Peter', 'James', 'Joseph', 'David', 'Daniel', 'Samuel', 'Brian', 'Kevin', 'Dennis', 'Collins', 'Evans', 'Victor',
  'Moses', 'Stephen', 'Paul', 'Emmanuel', 'Felix', 'Kiprono', 'Kipchoge', 'Otieno', 'Mwangi', 'Wafula', 'Onyango', 'Geoffrey',
];
// prettier-ignore
const FEMALE = [
  'Mary', 'Grace', 'Faith', 'Mercy', 'Esther', 'Ann', 'Jane', 'Lucy', 'Caroline', 'Purity', 'Joy', 'Sharon', 'Beatrice',
  'Wanjiku', 'Akinyi', 'Njeri', 'Wambui', 'Chebet', 'Nyambura', 'Achieng', 'Naliaka', 'Wairimu', 'Atieno', 'Jepkosgei', 'Zawadi',
];
// prettier-ignore
const SURNAMES = [
  'Kamau', 'Wanjiru', 'Otieno', 'Mwangi', 'Ochieng', 'Njoroge', 'Kariuki', 'Mutua', 'Kiprotich', 'Wanjala', 'Onyango', 'Kimani',
  'Odhiambo', 'Mutiso', 'Chepkoech', 'Maina', 'Njuguna', 'Omondi', 'Kiptoo', 'Wekesa', 'Gathoni', 'Nduta', 'Barasa', 'Juma',
  'Waweru', 'Cheruiyot', 'Muthoni', 'Ndungu', 'Ouma', 'Koech', 'Nyongesa', 'Kilonzo', 'Mbugua', 'Rotich', 'Macharia',
];
// prettier-ignore
const RESIDENCES = ['Kasarani', 'Githurai', 'Rongai', 'Kitengela', 'Ruiru', 'Embakasi', 'Kahawa West', 'Umoja', 'Kayole', 'Ngong', 'Syokimau', 'Roysambu'];
const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com'];
/** Safaricom and Airtel prefixes as people write them; 010x stays clear of the generated +25411… range. */
// prettier-ignore
const MOBILE_PREFIXES = ['0710', '0712', '0715', '0720', '0722', '0725', '0728', '0733', '0740', '0745', '0757', '0768', '0790', '0797', '0100', '0101', '0102'];

const GRACE_GROUP_TYPES = [
  ['Fellowship', 'Members who meet for worship, study and friendship by age or stage of life'],
  ['Ministry', 'Teams that serve in the church services and outreach'],
  ['Committee', 'Elected members who oversee an area of church life'],
  ['Cell Group', 'Home groups that meet midweek in a neighbourhood'],
] as const;

/** [name, group type, brand name, description, who joins] */
const GRACE_GROUPS: ReadonlyArray<readonly [string, string, string, string, (c: DemoContact) => boolean]> = [
  ['Youth Fellowship', 'Fellowship', 'Grace Youth', 'Saturday fellowship for members aged 15 to 30', (c) => c.age < 31],
  ["Women's Fellowship", 'Fellowship', 'Grace Women', 'Monthly fellowship and welfare of the women', (c) => c.gender === 'F' && c.age >= 31],
  ["Men's Fellowship", 'Fellowship', 'Grace Men', 'Breakfast fellowship on the first Saturday', (c) => c.gender === 'M' && c.age >= 31],
  ['Praise and Worship Team', 'Ministry', 'Grace Praise', 'Leads the singing at the Sunday services', (c) => c.index % 9 === 0],
  ['Ushering Ministry', 'Ministry', 'Grace Ushers', 'Welcomes and seats visitors, collects the offering', (c) => c.index % 11 === 1],
  ['Finance Committee', 'Committee', 'Grace Finance', 'Oversees the budget, offerings and church accounts', (c) => c.index % 25 === 3],
  [
    'Kasarani Cell Group',
    'Cell Group',
    'Grace Kasarani',
    'Wednesday home group in Kasarani and Roysambu',
    (c) => c.residence === 'Kasarani' || c.residence === 'Roysambu',
  ],
  ['Rongai Cell Group', 'Cell Group', 'Grace Rongai', 'Wednesday home group in Rongai and Ngong', (c) => c.residence === 'Rongai' || c.residence === 'Ngong'],
];

interface DemoContact {
  index: number;
  gender: Gender;
  age: number;
  residence: string;
  row: NewMember;
}

/**
 * Contacts, group types, groups, memberships and households for Grace; a few contacts for Upendo. What Grace keeps
 * of its people is drawn from `people`, a stream of its own: the names, numbers and groups `random` makes are the
 * same as before there was any (the end-to-end journeys and the books read them).
 */
export async function insertDemoContacts(db: Kysely<Database>, ids: { grace: number; upendo: number }, today: Date, random: Random, people: Random): Promise<void> {
  const usedMobiles = new Set<string>();
  const grace = makeContacts(ids.grace, DEMO_CONTACT_COUNTS.graceContacts, today, random, usedMobiles);
  const upendo = makeContacts(ids.upendo, DEMO_CONTACT_COUNTS.upendoContacts, today, random, usedMobiles);
  const households = makeHouseholds(grace, people);
  for (const contact of grace) Object.assign(contact.row, personOf(contact, today, people, households.roles.get(contact.index)));
  const graceIds = await db
    .insertInto('members')
    .values(grace.map((c) => c.row))
    .returning('id')
    .execute();
  await db
    .insertInto('members')
    .values(upendo.map((c) => c.row))
    .execute();

  const yearAgo = addDays(today, -365);
  const types = await db
    .insertInto('group_types')
    .values(GRACE_GROUP_TYPES.map(([name, description], i) => ({ tenant_id: ids.grace, name, description, created_at: addDays(yearAgo, i) })))
    .returning(['id', 'name'])
    .execute();
  const typeId = new Map(types.map((type) => [type.name, type.id]));

  for (const [i, [name, typeName, brandName, description, joins]] of GRACE_GROUPS.entries()) {
    const created = addDays(yearAgo, 7 + i);
    const { id } = await db
      .insertInto('groups')
      .values({ tenant_id: ids.grace, group_type_id: typeId.get(typeName)!, name, description, brand_name: brandName, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = grace.flatMap((contact, index) => (joins(contact) ? [{ contact, id: graceIds[index]!.id }] : []));
    if (members.length === 0) continue;
    await db
      .insertInto('group_members')
      .values(
        members.map(({ contact, id: memberId }) => ({
          tenant_id: ids.grace,
          group_id: id,
          member_id: memberId,
          created_at: laterOf(created, contact.row.created_at as string),
        })),
      )
      .execute();
  }

  for (const household of households.list) {
    const members = household.members.map(({ contact, role }) => ({ id: graceIds[contact.index]!.id, role, created: contact.row.created_at as string }));
    const { id } = await db
      .insertInto('households')
      .values({
        tenant_id: ids.grace,
        name: household.name,
        created_at: members
          .map((member) => member.created)
          .sort()
          .at(-1)!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('household_members')
      .values(members.map((member) => ({ tenant_id: ids.grace, household_id: id, member_id: member.id, role: member.role })))
      .execute();
  }
}

/**
 * Grace's households: [the head's gender, a spouse, how many children, another relative]. Members are drawn
 * from the congregation by age (a head 40 or older and a spouse near their age, children under 25 and at least 18
 * years younger than the head, a relative 55 or older), each
 * in one household at most; the household is named after its head.
 */
const HOUSEHOLD_SHAPES: ReadonlyArray<{ head: Gender; spouse: boolean; children: number; other: boolean }> = [
  { head: 'M', spouse: true, children: 3, other: false },
  { head: 'M', spouse: true, children: 2, other: true },
  { head: 'F', spouse: false, children: 2, other: false },
  { head: 'M', spouse: true, children: 1, other: false },
];

interface DemoHousehold {
  name: string;
  members: Array<{ contact: DemoContact; role: HouseholdRole }>;
}

function makeHouseholds(contacts: readonly DemoContact[], people: Random): { list: DemoHousehold[]; roles: Map<number, HouseholdRole> } {
  const roles = new Map<number, HouseholdRole>();
  const take = (fits: (contact: DemoContact) => boolean): DemoContact => {
    const free = contacts.filter((contact) => !roles.has(contact.index) && fits(contact));
    if (free.length === 0) throw new Error('the demo congregation has nobody left for a household');
    return pick(people, free);
  };
  const list = HOUSEHOLD_SHAPES.map((shape): DemoHousehold => {
    const members: DemoHousehold['members'] = [];
    const add = (role: HouseholdRole, fits: (contact: DemoContact) => boolean) => {
      const contact = take(fits);
      roles.set(contact.index, role);
      members.push({ contact, role });
      return contact;
    };
    const head = add('head', (c) => c.gender === shape.head && c.age >= 40);
    if (shape.spouse) add('spouse', (c) => c.gender !== head.gender && c.gender !== 'O' && c.age >= 30 && Math.abs(c.age - head.age) <= 8);
    for (let child = 0; child < shape.children; child += 1) add('child', (c) => c.age < 25 && c.age <= head.age - 18);
    if (shape.other) add('other', (c) => c.age >= 55);
    return { name: `${head.row.last_name} family`, members };
  });
  return { list, roles };
}

/** Membership status: most are members, some visitors and adherents, a few former members; a few not recorded. */
function membershipOf(people: Random): MembershipStatus | '' {
  const draw = people();
  return draw < 0.62 ? 'member' : draw < 0.76 ? 'visitor' : draw < 0.85 ? 'adherent' : draw < 0.9 ? 'former' : '';
}

/** Marital status by age; one in ten not recorded. */
function maritalOf(age: number, people: Random): MaritalStatus | '' {
  const draw = people();
  if (draw < 0.1) return '';
  if (age < 25) return draw < 0.95 ? 'single' : 'married';
  if (age >= 55 && draw < 0.3) return 'widowed';
  return draw < 0.7 ? 'married' : draw < 0.88 ? 'single' : draw < 0.94 ? 'divorced' : 'separated';
}

/**
 * A congregant's date of birth (four in five have one: their `age` today), membership and marital status. In a
 * household, heads and spouses are married members and children single.
 */
function personOf(contact: DemoContact, today: Date, people: Random, role: HouseholdRole | undefined): Partial<NewMember> {
  const born = people() < 0.8 ? isoDay(addDays(today, -Math.floor((contact.age + people()) * 365.25))) : null;
  const membership = membershipOf(people);
  const marital = maritalOf(contact.age, people);
  if (role === 'head' || role === 'spouse') return { date_of_birth: born, membership_status: 'member', marital_status: 'married' };
  if (role === 'child') return { date_of_birth: born, membership_status: membership, marital_status: 'single' };
  return { date_of_birth: born, membership_status: membership, marital_status: marital };
}

/** Oldest first, so ids grow with the date added, spread over the year before `today`. */
function makeContacts(tenantId: number, count: number, today: Date, random: Random, usedMobiles: Set<string>): DemoContact[] {
  return Array.from({ length: count }, (_, index) => {
    const gender: Gender = random() < 0.52 ? 'F' : random() < 0.02 ? 'O' : 'M';
    const firstName = pick(random, gender === 'F' ? FEMALE : MALE);
    const lastName = pick(random, SURNAMES);
    const residence = pick(random, RESIDENCES);
    const email = random() < 0.2 ? `${firstName}.${lastName}@${pick(random, EMAIL_DOMAINS)}`.toLowerCase() : '';
    const day = addDays(today, -365 + Math.floor(((index + 1) * 364) / count));
    const created = new Date(day.getTime() + (8 + Math.floor(random() * 10)) * 3_600_000);
    return {
      index,
      gender,
      age: 15 + Math.floor(random() * 55),
      residence,
      row: {
        tenant_id: tenantId,
        first_name: firstName,
        last_name: lastName,
        gender,
        phone: uniqueMobile(random, usedMobiles),
        email,
        residence,
        created_at: created.toISOString(),
      },
    };
  });
}

/** A mobile as people write it (0712 345 678), stored normalised; never the same twice. */
function uniqueMobile(random: Random, used: Set<string>): string {
  for (;;) {
    const typed = `${pick(random, MOBILE_PREFIXES)}${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
    const phone = normalizePhone(typed);
    if (phone === null) throw new Error(`demo mobile ${typed} does not normalise`);
    if (!used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function addDays(day: Date, days: number): Date {
  const result = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  result.setUTCDate(result.getUTCDate() + days);
  return result;
}

/** A contact joins a group no earlier than both exist. */
const laterOf = (groupCreated: Date, contactCreated: string) => new Date(Math.max(groupCreated.getTime(), Date.parse(contactCreated)));
