import type { AttendanceSeriesResponse, ListResponse, LoginResponse, Meeting, MeetingType } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/connection';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, SEED_COUNTS, seedDemoData } from '../src/db/seed';
import { testDatabases } from './support/databases';

describe.each(testDatabases)('demo data on %s', (_name, database) => {
  let handle: DatabaseHandle;
  const today = new Date('2026-11-19T10:00:00Z'); // a Thursday

  beforeAll(async () => {
    handle = await database.open();
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
    await seedDemoData(handle.db, today);
  }, 60_000);
  afterAll(() => handle.close(), 60_000);

  async function loggedIn(email: string) {
    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'seed-test', tokenTtlSeconds: 600, webRoot: undefined }, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const { access_token, user } = login.json<LoginResponse>();
    const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${access_token}` } })).json<T>();
    return { user, get };
  }

  it('signs Jane in to Grace Community Church with a year of weekly meetings ending this week', async () => {
    const { user, get } = await loggedIn(DEMO_USERS[0].email);
    expect(user).toMatchObject({ firstName: 'Jane', lastName: 'Wanjiku', Partner: { name: 'Grace Community Church', product: 'general' } });

    const types = await get<ListResponse<'meeting_types', MeetingType>>('/api/v2/meeting_types?pagesize=25');
    expect(types.total).toBe(SEED_COUNTS.graceMeetingTypes);
    expect(types.meeting_types.map((type) => type.name)).toContain('Sunday Service');

    const meetings = await get<ListResponse<'meetings', Meeting>>('/api/v2/meetings?pagesize=2');
    expect(meetings.total).toBe(SEED_COUNTS.graceMeetings);
    expect(meetings.meetings.map((m) => [m.dateOfMeeting, m.MeetingType.name])).toEqual([
      ['2026-11-18', 'Midweek Bible Study'],
      ['2026-11-15', 'Sunday Service'],
    ]);
    expect(meetings.meetings[0]!.totalOffering).toMatch(/^\d+\.\d{2}$/);

    const { attendance } = await get<AttendanceSeriesResponse>('/api/v2/meetings/attendance?enddate=2026-11-19');
    expect(attendance).toHaveLength(12);
    expect(attendance.every((point) => point.actual > 0 && point.expected > 0)).toBe(true);
  });

  it('signs Peter in to Upendo Traders, who sees only his own two meeting types', async () => {
    const { user, get } = await loggedIn(DEMO_USERS[1].email);
    expect(user.Partner).toMatchObject({ name: 'Upendo Traders', product: 'etracker' });
    expect((await get<ListResponse<'meeting_types', MeetingType>>('/api/v2/meeting_types')).total).toBe(SEED_COUNTS.upendoMeetingTypes);
    expect((await get<ListResponse<'meetings', Meeting>>('/api/v2/meetings')).total).toBe(0);
  });
});
