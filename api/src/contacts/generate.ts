import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Bulk contacts for scale tests: `pnpm seed --contacts N` and `pnpm bench`. Rows are made by the
 * database (INSERT ... SELECT over generate_series), in chunks so no single statement holds
 * PGlite's memory for a million rows, not by a million round trips.
 *
 * Generated mobiles are +25411xxxxxxx (10 million numbers); the demo contacts use +2547… and
 * +25410…, so the two never collide. Contact k gets the k-th number of a fixed permutation of the
 * range (`generatedPhone`), so the digits look like a real phone book's: sequential numbers share
 * long digit runs, whose trigrams would make phone searches look slower than they are. A second
 * run continues after the tenant's generated contacts. Created dates go back 20 seconds per
 * contact from now, so the newest is the last made.
 */

const CHUNK_ROWS = 100_000;
const GENERATED_PREFIX = '+25411';
const GENERATED_CAPACITY = 10_000_000;
/** Coprime with GENERATED_CAPACITY, so k -> k * STRIDE mod capacity visits every number once. */
const STRIDE = 7_919;

/** The mobile of the k-th generated contact of a partner (k from 1), as the SQL below makes it. */
export const generatedPhone = (k: number): string => `${GENERATED_PREFIX}${String((k * STRIDE) % GENERATED_CAPACITY).padStart(7, '0')}`;

/** One in RARE_EVERY generated contacts has the surname RARE_SURNAME: the benchmark's rare search term. */
export const RARE_SURNAME = 'Lemaiyan';
export const RARE_EVERY = 50_000;

// prettier-ignore
const MALE = ['John', 'Peter', 'James', 'Joseph', 'David', 'Daniel', 'Samuel', 'Brian', 'Kevin', 'Dennis', 'Collins', 'Kelvin', 'Evans', 'Victor', 'Moses', 'Stephen', 'Paul', 'Emmanuel', 'Felix', 'Kiprono'];
// prettier-ignore
const FEMALE = ['Mary', 'Grace', 'Faith', 'Mercy', 'Esther', 'Ann', 'Jane', 'Lucy', 'Caroline', 'Purity', 'Joy', 'Sharon', 'Beatrice', 'Wanjiku', 'Akinyi', 'Njeri', 'Wambui', 'Chebet', 'Nyambura', 'Achieng'];
// prettier-ignore
const SURNAMES = [
  'Kamau', 'Wanjiru', 'Otieno', 'Mwangi', 'Ochieng', 'Njoroge', 'Kariuki', 'Mutua', 'Kiprotich', 'Wanjala',
  'Onyango', 'Kimani', 'Odhiambo', 'Mutiso', 'Chepkoech', 'Maina', 'Njuguna', 'Omondi', 'Kiptoo', 'Wekesa',
  'Gathoni', 'Nduta', 'Barasa', 'Juma', 'Atieno', 'Waweru', 'Cheruiyot', 'Muthoni', 'Ndungu', 'Ouma',
];
// prettier-ignore
const RESIDENCES = ['Kasarani', 'Githurai', 'Rongai', 'Kitengela', 'Ruiru', 'Embakasi', 'Kahawa West', 'Umoja', 'Kayole', 'Ngong', 'Thika', 'Juja', 'Syokimau', 'Roysambu', 'Kikuyu'];

const textArray = (values: readonly string[]) => sql.raw(`(array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]::text[])`);

/**
 * Adds `count` generated contacts to the tenant and returns `count`. (A generated number the
 * tenant already has, after generated contacts were deleted, is skipped.)
 */
export async function insertGeneratedContacts(db: Kysely<Database>, tenantId: number, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number, not ${count}`);
  const { highest } = await db
    .selectFrom('members')
    .select(sql<number>`count(*)::int`.as('highest'))
    .where('tenant_id', '=', tenantId)
    .where('phone', 'like', `${GENERATED_PREFIX}%`)
    .executeTakeFirstOrThrow();
  if (highest + count >= GENERATED_CAPACITY) throw new RangeError(`at most ${GENERATED_CAPACITY - 1} generated contacts per partner`);

  for (let done = 0; done < count; done += CHUNK_ROWS) {
    const first = highest + done + 1;
    const last = highest + Math.min(count, done + CHUNK_ROWS);
    const newest = highest + count;
    // k numbers the contact; the multipliers are primes, so names, genders and places mix well.
    await sql`
      insert into members (tenant_id, first_name, last_name, gender, phone, email, residence, created_at)
      select ${tenantId}, g.first_name, g.last_name, g.gender, g.phone,
        case when k % 5 = 0 then lower(g.first_name || '.' || g.last_name) || k || '@gmail.com' else '' end,
        ${textArray(RESIDENCES)}[1 + (k * 7) % ${RESIDENCES.length}],
        now() - (${newest}::int - k) * interval '20 seconds'
      from generate_series(${first}::int, ${last}::int) as k
      cross join lateral (
        select
          case when k % 2 = 0 then ${textArray(FEMALE)}[1 + (k * 13) % ${FEMALE.length}]
               else ${textArray(MALE)}[1 + (k * 13) % ${MALE.length}] end as first_name,
          case when k % ${RARE_EVERY} = 0 then ${RARE_SURNAME}::text
               else ${textArray(SURNAMES)}[1 + (k * 31) % ${SURNAMES.length}] end as last_name,
          case when k % 2 = 0 then 'F' when k % 97 = 0 then 'O' else 'M' end as gender,
          ${GENERATED_PREFIX}::text || lpad(((k::bigint * ${STRIDE}) % ${GENERATED_CAPACITY})::text, 7, '0') as phone
      ) as g
      on conflict (tenant_id, phone) do nothing
    `.execute(db);
  }
  return count;
}
