import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { ListResponse, Meeting, MembersResponse } from '@ushirika/shared/contract';
import { EXACT_COUNT_LIMIT } from '../src/db/paged-list';
import type { Database } from '../src/db/schema';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';

/**
 * Lists past EXACT_COUNT_LIMIT matches (db/paged-list.ts): the first pages say their total is an estimate,
 * deeper pages count exactly and are read from the nearer end, and every page holds exactly the rows of the
 * reference order (newest first, ties by id), compared with a plain query that knows nothing of either. Lists
 * with a counter (contacts' member_counts, meetings' per-day counts) are exact on every unfiltered page.
 */
const COMMON = 1_150; // contacts named Kawira: past the limit
const RARE_EVERY = 28; // of them one in 28 is also named Lemaiyan
const RARE = Math.floor(COMMON / RARE_EVERY);
const MEETINGS = 1_100;

/** `count` contacts of the partner, three to each second of created_at (ties the id must order). */
async function insertContacts(db: Kysely<Database>, tenantId: number, count: number, offset: number): Promise<void> {
  await sql`
    insert into members (tenant_id, first_name, last_name, gender, phone, email, residence, created_at)
    select ${tenantId}, (array['Amina','Baraka','Chege'])[1 + i % 3],
      case when i % ${RARE_EVERY} = 0 then 'Kawira-Lemaiyan' else 'Kawira' end, 'F',
      '+25411' || lpad(i::text, 7, '0'), case when i % 5 = 0 then 'k' || i || '@example.org' else '' end, 'Ruiru',
      timestamptz '2025-06-01 08:00:00+00' + ((i / 3) * interval '1 second')
    from generate_series(${offset + 1}::int, ${offset + count}::int) as i`.execute(db);
}

async function insertMeetings(db: Kysely<Database>, tenantId: number, count: number): Promise<void> {
  const { id } = await db.insertInto('meeting_types').values({ tenant_id: tenantId, name: 'Sunday Service', description: '' }).returning('id').executeTakeFirstOrThrow();
  await sql`
    insert into meetings (tenant_id, meeting_type_id, date_of_meeting, start_time, end_time, actual_attendance,
      expected_attendance, subject, facilitator, speaker, total_offering)
    select ${tenantId}, ${id}, date '2025-01-01' + (i / 4), time '09:00', time '11:00', 40, 50, 'Grace ' || i, 'Rev. Kamau', 'Pastor Njeri', 0
    from generate_series(1, ${count}) as i`.execute(db);
}

/**
 * Messages of the partner (issue 32's search: the send's own text and the recipient's contact): a send about the
 * Kawira family to every third contact (found by its text and by their names, once each), a send to the other
 * contacts (by their names), and one about the family to 100 numbers of no contact (by its text): 1,250 messages
 * found by 'kawira', two a second, the two sends' messages interleaved. The recipients' copies of a text are not
 * what the search reads.
 */
const MESSAGES_BY_TEXT_ONLY = 100;
async function insertMessages(db: Kysely<Database>, tenantId: number): Promise<void> {
  const send = async (message: string) =>
    (await db.insertInto('message_sends').values({ tenant_id: tenantId, recipient_type: 'Typed', message }).returning('id').executeTakeFirstOrThrow()).id;
  const [family, choir, typed] = [
    await send('Harambee for the Kawira family'),
    await send('Dear {firstName}, choir practice'),
    await send('The Kawira family thanks you'),
  ];
  await sql`
    insert into notifications (tenant_id, send_id, member_id, recipient, message, state, created_at)
    select ${tenantId}, case when row_number() over (order by m.id) % 3 = 0 then ${family}::int else ${choir}::int end, m.id, m.phone,
      'Copy for ' || m.first_name, 'sent', timestamptz '2025-07-01 08:00:00+00' + ((row_number() over (order by m.id) / 2) * interval '1 second')
    from members m where m.tenant_id = ${tenantId}`.execute(db);
  await sql`
    insert into notifications (tenant_id, send_id, recipient, message, state, created_at)
    select ${tenantId}, ${typed}::int, '+2547' || lpad(i::text, 8, '0'), 'The Kawira family thanks you', 'failed',
      timestamptz '2025-07-01 07:00:00+00' + ((i / 2) * interval '1 second')
    from generate_series(1, ${MESSAGES_BY_TEXT_ONLY}) as i`.execute(db);
}

describe.each(bothDatabases)('long lists on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let partner: Tenant;
  beforeAll(async () => {
    t = testApp();
    partner = await t.newTenant('Big Church');
    const neighbour = await t.newTenant('Neighbour');
    await insertContacts(t.db, partner.id, COMMON, 0);
    await insertContacts(t.db, neighbour.id, 600, 0);
    await insertMeetings(t.db, partner.id, MEETINGS);
    await insertMeetings(t.db, neighbour.id, 300);
    await insertMessages(t.db, partner.id);
    await insertMessages(t.db, neighbour.id);
    // What autovacuum does on PostgreSQL and the server does on PGlite (db/statistics.ts): the estimates' source.
    await sql`analyze`.execute(t.db);
  }, 60_000);

  const contacts = async (query: string) => {
    const response = await t.as(partner, { method: 'GET', url: `/api/v2/member?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<MembersResponse>();
  };
  /** Every matching id in the list's order, by the old column-by-column ILIKE: what the pages must add up to. */
  const referenceIds = async (term?: string) => {
    const rows = await t.db
      .selectFrom('members')
      .select('id')
      .where('tenant_id', '=', partner.id)
      .$if(term !== undefined, (q) =>
        q.where((eb) => eb.or([eb('first_name', 'ilike', `%${term}%`), eb('last_name', 'ilike', `%${term}%`), eb('email', 'ilike', `%${term}%`)])),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  };
  const ids = (answer: MembersResponse) => answer.members.map((member) => member.id);

  it('counts a search of at most 500 matches exactly', async () => {
    const answer = await contacts('page=1&pagesize=15&searchKey=lemaiyan');
    expect(answer.total).toBe(RARE);
    expect(answer.total_is_estimate).toBeUndefined();
    expect(ids(answer)).toEqual((await referenceIds('lemaiyan')).slice(0, 15));
  });

  it('past 500 matches, says the first pages total is an estimate and still shows the right rows', async () => {
    const reference = await referenceIds('kawira');
    expect(reference).toHaveLength(COMMON);
    for (const page of [1, 2, Math.floor(EXACT_COUNT_LIMIT / 15)]) {
      const answer = await contacts(`page=${page}&pagesize=15&searchKey=KaWiRa`);
      expect(answer.total_is_estimate).toBe(true);
      expect(answer.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(answer.total).toBeLessThan(COMMON * 2);
      expect(ids(answer)).toEqual(reference.slice((page - 1) * 15, page * 15));
    }
  });

  it('deeper, estimates while the end is more than 500 rows away, then counts exactly and reads from the nearer end', async () => {
    const reference = await referenceIds('kawira');
    const deep = await contacts(`page=${Math.floor(EXACT_COUNT_LIMIT / 15) + 1}&pagesize=15&searchKey=kawira`);
    expect(deep.total_is_estimate).toBe(true);
    expect(ids(deep)).toEqual(reference.slice(Math.floor(EXACT_COUNT_LIMIT / 15) * 15, (Math.floor(EXACT_COUNT_LIMIT / 15) + 1) * 15));
    const lastPage = Math.ceil(COMMON / 15);
    for (const page of [45, 70, lastPage - 1, lastPage]) {
      const answer = await contacts(`page=${page}&pagesize=15&searchKey=kawira`);
      expect(answer.total).toBe(COMMON);
      expect(answer.total_is_estimate).toBeUndefined();
      expect(ids(answer)).toEqual(reference.slice((page - 1) * 15, page * 15));
    }
    expect(await contacts(`page=${lastPage + 1}&pagesize=15&searchKey=kawira`)).toEqual({ members: [], total: COMMON });
  });

  it('every page of the unfiltered list, in any page size, is the slice of the reference order (property)', async () => {
    const reference = await referenceIds();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 1, noNaN: true }), async (pageSize, where) => {
        const pages = Math.ceil(reference.length / pageSize);
        const page = 1 + Math.min(pages - 1, Math.floor(where * pages));
        const answer = await contacts(`page=${page}&pagesize=${pageSize}`);
        expect(answer.total).toBe(COMMON);
        expect(answer.total_is_estimate).toBeUndefined();
        expect(ids(answer)).toEqual(reference.slice((page - 1) * pageSize, page * pageSize));
      }),
      { numRuns: 25 },
    );
  });

  it('meetings: every page of the unfiltered list and of any dates has its exact total from the per-day counts (migration 0013)', async () => {
    const meetings = async (query: string) => {
      const response = await t.as(partner, { method: 'GET', url: `/api/v2/meetings?pagesize=15&${query}` });
      expect(response.statusCode).toBe(200);
      return response.json<ListResponse<'meetings', Meeting>>();
    };
    const reference = async (from = '1900-01-01', to = '2100-12-31') =>
      (
        await t.db
          .selectFrom('meetings')
          .select('id')
          .where('tenant_id', '=', partner.id)
          .where('date_of_meeting', '>=', from)
          .where('date_of_meeting', '<=', to)
          .orderBy('date_of_meeting', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((row) => row.id);
    const all = await reference();
    const lastPage = Math.ceil(MEETINGS / 15);
    for (const page of [1, 2, 45, lastPage - 1, lastPage]) {
      const answer = await meetings(`page=${page}`);
      expect([answer.total, answer.total_is_estimate]).toEqual([MEETINGS, undefined]);
      expect(answer.meetings.map((meeting) => meeting.id)).toEqual(all.slice((page - 1) * 15, page * 15));
    }
    // Four meetings a day from 2025-01-01: any dates count their own days, both ends included.
    const february = await reference('2025-02-01', '2025-03-31');
    expect(february).toHaveLength(4 * 59);
    const answer = await meetings('page=2&startdate=2025-02-01&enddate=2025-03-31');
    expect([answer.total, answer.total_is_estimate]).toEqual([february.length, undefined]);
    expect(answer.meetings.map((meeting) => meeting.id)).toEqual(february.slice(15, 30));

    // The count follows saves, moves and deletes in the same transaction.
    const moved = all[0]!;
    await t.db.updateTable('meetings').set({ date_of_meeting: '2025-02-10' }).where('id', '=', moved).execute();
    expect((await meetings('page=1&startdate=2025-02-01&enddate=2025-03-31')).total).toBe(february.length + 1);
    await t.db.deleteFrom('meetings').where('id', '=', moved).execute();
    expect((await meetings('page=1')).total).toBe(MEETINGS - 1);
    expect((await meetings('page=1&startdate=2025-02-01&enddate=2025-03-31')).total).toBe(february.length);
  });

  it('meetings: a search past 500 matches still estimates first and counts exactly near its end', async () => {
    const rows = await t.db.selectFrom('meetings').select('id').where('tenant_id', '=', partner.id).orderBy('date_of_meeting', 'desc').orderBy('id', 'desc').execute();
    const reference = rows.map((row) => row.id);
    const search = async (page: number) => {
      const response = await t.as(partner, { method: 'GET', url: `/api/v2/meetings?page=${page}&pagesize=15&searchKey=grace` });
      return response.json<ListResponse<'meetings', Meeting>>();
    };
    const first = await search(1);
    expect(first.total_is_estimate).toBe(true);
    expect(first.meetings.map((meeting) => meeting.id)).toEqual(reference.slice(0, 15));
    const lastPage = Math.ceil(reference.length / 15);
    const last = await search(lastPage);
    expect([last.total, last.total_is_estimate]).toEqual([reference.length, undefined]);
    expect(last.meetings.map((meeting) => meeting.id)).toEqual(reference.slice((lastPage - 1) * 15));
  });

  it("messages: a search of sends' texts and recipients' names pages in the list's order, estimating past 500 and exact near its end", async () => {
    const messages = async (query: string) => {
      const response = await t.as(partner, { method: 'GET', url: `/api/v2/notification?pagesize=15&${query}` });
      expect(response.statusCode).toBe(200);
      return response.json<{ notifications: Array<{ id: number }>; total: number; total_is_estimate?: boolean }>();
    };
    const reference = async (term: string, failedOnly = false) =>
      (
        await t.db
          .selectFrom('notifications as n')
          .innerJoin('message_sends as s', (join) => join.onRef('s.tenant_id', '=', 'n.tenant_id').onRef('s.id', '=', 'n.send_id'))
          .leftJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'n.tenant_id').onRef('m.id', '=', 'n.member_id'))
          .select('n.id')
          .where('n.tenant_id', '=', partner.id)
          .where((eb) => eb.or([eb('s.message', 'ilike', `%${term}%`), eb('m.last_name', 'ilike', `%${term}%`)]))
          .$if(failedOnly, (q) => q.where('n.state', '=', 'failed'))
          .orderBy('n.created_at', 'desc')
          .orderBy('n.id', 'desc')
          .execute()
      ).map((row) => row.id);
    const ids = (answer: { notifications: Array<{ id: number }> }) => answer.notifications.map((n) => n.id);

    const all = await reference('kawira');
    expect(all).toHaveLength(COMMON + MESSAGES_BY_TEXT_ONLY);
    for (const page of [1, 2, Math.floor(EXACT_COUNT_LIMIT / 15) + 1]) {
      const answer = await messages(`page=${page}&searchKey=kawira`);
      expect(answer.total_is_estimate).toBe(true);
      expect(answer.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(ids(answer)).toEqual(all.slice((page - 1) * 15, page * 15));
    }
    const lastPage = Math.ceil(all.length / 15);
    for (const page of [60, lastPage - 1, lastPage]) {
      const answer = await messages(`page=${page}&searchKey=kawira`);
      expect([answer.total, answer.total_is_estimate]).toEqual([all.length, undefined]);
      expect(ids(answer)).toEqual(all.slice((page - 1) * 15, page * 15));
    }

    const rare = await reference('lemaiyan');
    expect(rare).toHaveLength(RARE);
    expect(await messages('page=2&searchKey=LEMAIYAN')).toEqual({ notifications: expect.any(Array), total: RARE });
    expect(ids(await messages('page=2&searchKey=LEMAIYAN'))).toEqual(rare.slice(15, 30));
    // The failed messages: the typed send's, by its text only.
    const failed = await t.as(partner, { method: 'GET', url: '/api/v2/notification/2?pagesize=15&page=7&searchKey=kawira' });
    expect(failed.json()).toMatchObject({ total: MESSAGES_BY_TEXT_ONLY });
    expect(failed.json<{ notifications: Array<{ id: number }> }>().notifications.map((n) => n.id)).toEqual((await reference('kawira', true)).slice(90, 105));
  });
});
