import type { AttendanceSeriesResponse, ListResponse, Meeting, MeetingType, SaveResponse } from '@ushirika/shared/contract';
import type { MeetingInput } from '@ushirika/shared/validation';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

type List = ListResponse<'meetings', Meeting>;
type Saved = SaveResponse<'meeting', Meeting>;

describe.each(testDatabases)('meetings on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  /** A tenant with one meeting type, and a valid form body using it. */
  async function tenantWithType(typeName = 'Sunday Service') {
    const tenant = await t.newTenant();
    const response = await t.as(tenant, { method: 'POST', url: '/api/v2/meeting_types', payload: { name: typeName, description: 'Weekly' } });
    const type = response.json<SaveResponse<'meeting_type', MeetingType>>().meeting_type;
    // groupId is optional (issue 28.4; attendance.test.ts covers it).
    const body: Record<Exclude<keyof MeetingInput, 'groupId'>, string | number> = {
      meeting_type: String(type.id),
      dateOfMeeting: '2026-03-01',
      startTime: '09:00',
      endTime: '11:30',
      actualAttendance: '240',
      expectedAttendance: 300,
      subject: 'Harvest Thanksgiving',
      facilitator: 'Rev. John Kamau',
      speaker: 'Pastor Grace Njeri',
      totalOffering: '1250',
      notes: 'Choir visited from Nakuru',
    };
    return { tenant, type, body };
  }

  const create = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/meetings', payload });
  const update = (tenant: Tenant, id: number | string, payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/meetings/${id}`, payload });
  const list = async (tenant: Tenant, query = '') => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/meetings${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<List>();
  };
  const attendance = (tenant: Tenant, query = '') => t.as(tenant, { method: 'GET', url: `/api/v2/meetings/attendance${query}` });

  describe('POST', () => {
    it('saves the meeting and answers 201 with it in the contract shape', async () => {
      const { tenant, type, body } = await tenantWithType();

      const response = await create(tenant, body);

      expect(response.statusCode).toBe(201);
      const saved = response.json<Saved>();
      expect(saved).toEqual({
        status_msg: 'New meeting saved successfully!',
        meeting: {
          id: expect.any(Number),
          meeting_type: type.id,
          MeetingType: { name: 'Sunday Service' },
          dateOfMeeting: '2026-03-01',
          startTime: '09:00',
          endTime: '11:30',
          actualAttendance: 240,
          expectedAttendance: 300,
          facilitator: 'Rev. John Kamau',
          speaker: 'Pastor Grace Njeri',
          subject: 'Harvest Thanksgiving',
          totalOffering: '1250.00',
          notes: 'Choir visited from Nakuru',
          createdAt: expect.any(String),
          version: 1,
          groupId: null,
          Group: null,
          visitors: 0,
          attendees: 0,
        },
      });
      expect((await list(tenant)).meetings).toEqual([saved.meeting]);
    });

    it('keeps money exact: no float ever touches the offering', async () => {
      const { tenant, body } = await tenantWithType();
      const amounts = ['0.10', '999999999999.99', '19.5'];
      const saved = [];
      for (const totalOffering of amounts) saved.push((await create(tenant, { ...body, totalOffering })).json<Saved>().meeting.totalOffering);
      expect(saved).toEqual(['0.10', '999999999999.99', '19.50']);
    });
  });

  describe('PUT', () => {
    it('changes the meeting and answers 200 with it', async () => {
      const { tenant, body } = await tenantWithType();
      const created = (await create(tenant, body)).json<Saved>().meeting;

      const response = await update(tenant, created.id, { ...body, actualAttendance: 275, totalOffering: 3400.5, notes: '' });

      expect(response.statusCode).toBe(200);
      expect(response.json<Saved>()).toEqual({
        status_msg: 'New meeting saved successfully!',
        meeting: { ...created, actualAttendance: 275, totalOffering: '3400.50', notes: '', version: 2 },
      });
    });
  });

  describe('GET', () => {
    it('lists the latest meeting date first, pages, and counts all matches', async () => {
      const { tenant, body } = await tenantWithType();
      for (const dateOfMeeting of ['2026-01-04', '2026-03-01', '2026-02-01']) await create(tenant, { ...body, dateOfMeeting });
      await tenantWithType().then(({ tenant: other, body: theirs }) => create(other, theirs));

      const page1 = await list(tenant, '?page=1&pagesize=2');
      const page2 = await list(tenant, '?page=2&pagesize=2');

      expect(page1.total).toBe(3);
      expect(page1.meetings.map((m) => m.dateOfMeeting)).toEqual(['2026-03-01', '2026-02-01']);
      expect(page2.meetings.map((m) => m.dateOfMeeting)).toEqual(['2026-01-04']);
    });

    it('searches subject, facilitator, speaker and meeting type name, ignoring case', async () => {
      const { tenant, body } = await tenantWithType('Youth Fellowship');
      await create(tenant, { ...body, subject: 'Walking in Faith', facilitator: 'Elder Mutua', speaker: 'Rev. Mwangi' });
      const search = async (key: string) => (await list(tenant, `?searchKey=${encodeURIComponent(key)}`)).total;

      expect(await search('walking')).toBe(1);
      expect(await search('MUTUA')).toBe(1);
      expect(await search('mwangi')).toBe(1);
      expect(await search('youth')).toBe(1);
      expect(await search('kamau')).toBe(0);
    });

    it('filters on the meeting date, both ends included: a meeting today is listed when enddate is today', async () => {
      const { tenant, body } = await tenantWithType();
      const today = new Date().toISOString().slice(0, 10);
      for (const dateOfMeeting of ['2026-01-31', '2026-02-01', '2026-02-28', '2026-03-01', today]) await create(tenant, { ...body, dateOfMeeting });

      const february = await list(tenant, '?startdate=2026-02-01&enddate=2026-02-28');
      const untilToday = await list(tenant, `?startdate=2020-01-01&enddate=${today}`);

      expect(february.meetings.map((m) => m.dateOfMeeting)).toEqual(['2026-02-28', '2026-02-01']);
      expect(untilToday.meetings.map((m) => m.dateOfMeeting)).toContain(today);
      expect(untilToday.total).toBe(5);
    });
  });

  describe('GET /meetings/attendance', () => {
    it('sums actual and expected per month for 12 months, oldest first, with zeros for empty months', async () => {
      const { tenant, body } = await tenantWithType();
      const meetings: Array<[string, number, number]> = [
        ['2025-06-30', 500, 500], // before the window: not counted
        ['2025-07-06', 100, 120],
        ['2025-07-27', 80, 120],
        ['2026-01-15', 60, 50],
        ['2026-06-30', 30, 40],
        ['2026-07-01', 999, 999], // after the window's end month: not counted
      ];
      for (const [dateOfMeeting, actualAttendance, expectedAttendance] of meetings) {
        await create(tenant, { ...body, dateOfMeeting, actualAttendance, expectedAttendance });
      }
      const other = await tenantWithType();
      await create(other.tenant, { ...other.body, dateOfMeeting: '2026-01-10', actualAttendance: 7, expectedAttendance: 7 });

      const response = await attendance(tenant, '?enddate=2026-06-15');

      expect(response.statusCode).toBe(200);
      const points = response.json<AttendanceSeriesResponse>().attendance;
      expect(points).toHaveLength(12);
      expect(points[0]).toEqual({ mn: 7, yr: 2025, actual: 180, expected: 240 });
      expect(points[6]).toEqual({ mn: 1, yr: 2026, actual: 60, expected: 50 });
      expect(points[11]).toEqual({ mn: 6, yr: 2026, actual: 30, expected: 40 });
      expect(points.map((p) => `${p.yr}-${p.mn}`)).toEqual([
        '2025-7',
        '2025-8',
        '2025-9',
        '2025-10',
        '2025-11',
        '2025-12',
        '2026-1',
        '2026-2',
        '2026-3',
        '2026-4',
        '2026-5',
        '2026-6',
      ]);
      expect(points.filter((p) => p.actual === 0 && p.expected === 0)).toHaveLength(9);
    });

    it('ends with the current month by default', async () => {
      const { tenant } = await tenantWithType();
      const points = (await attendance(tenant)).json<AttendanceSeriesResponse>().attendance;
      const now = new Date();
      expect(points).toHaveLength(12);
      expect(points[11]).toEqual({ mn: now.getUTCMonth() + 1, yr: now.getUTCFullYear(), actual: 0, expected: 0 });
    });

    it('answers 400 for a bad enddate', async () => {
      const { tenant } = await tenantWithType();
      const response = await attendance(tenant, '?enddate=June');
      expectFailure(response, 400, 'enddate must be a date in the format YYYY-MM-DD');
    });

    it('answers 400 when enddate is given twice', async () => {
      const { tenant } = await tenantWithType();
      const response = await attendance(tenant, '?enddate=2026-06-15&enddate=2026-07-15');
      expectFailure(response, 400, 'enddate must be given once');
    });
  });
});
