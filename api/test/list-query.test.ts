import type { ErrorBody } from '@ushirika/shared/contract';
import { HttpError } from '../src/http/errors';
import { parseListQuery } from '../src/http/list-query';
import { useTestApp } from './support/app';
import { testDatabases } from './support/databases';

describe('parseListQuery', () => {
  const messageOf = (query: Record<string, unknown>) => {
    try {
      parseListQuery(query);
    } catch (error) {
      if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
      throw error;
    }
    return 'no error';
  };

  it('defaults to the first page of 15 with no filters', () => {
    expect(parseListQuery({})).toEqual({
      page: 1,
      pageSize: 15,
      offset: 0,
      searchKey: undefined,
      searchPattern: undefined,
      startDate: undefined,
      endDate: undefined,
      endDateExclusive: undefined,
    });
  });

  it('reads the legacy client query, ignoring tenantid', () => {
    const params = parseListQuery({
      tenantid: '7',
      searchKey: '  youth ',
      action: 'display',
      page: '3',
      pagesize: '25',
      startdate: '2020-01-01',
      enddate: '2026-12-31',
    });
    expect(params).toMatchObject({ page: 3, pageSize: 25, offset: 50, searchKey: 'youth', startDate: '2020-01-01', endDate: '2026-12-31' });
    expect(params.endDateExclusive).toBe('2027-01-01');
  });

  it('caps the page size at 100 and treats an empty search as none', () => {
    expect(parseListQuery({ pagesize: '5000', searchKey: '   ' })).toMatchObject({ pageSize: 100, searchKey: undefined });
  });

  it('takes %, _ and \\ in the search literally', () => {
    expect(parseListQuery({ searchKey: '50%_off\\' }).searchPattern).toBe('%50\\%\\_off\\\\%');
  });

  it.each([
    [{ page: '0' }, '400 page must be a whole number from 1'],
    [{ page: '-1' }, '400 page must be a whole number from 1'],
    [{ page: '1.5' }, '400 page must be a whole number from 1'],
    [{ pagesize: 'abc' }, '400 pagesize must be a whole number from 1'],
    [{ page: ['1', '2'] }, '400 page must be given once'],
    [{ startdate: '2026-13-01' }, '400 startdate must be a date in the format YYYY-MM-DD'],
    [{ enddate: '22/11/2026' }, '400 enddate must be a date in the format YYYY-MM-DD'],
    [{ startdate: '2026-02-01', enddate: '2026-01-31' }, '400 startdate must not be after enddate'],
    [{ action: 'delete' }, '400 action must be "display"'],
  ])('refuses %j', (query, message) => {
    expect(messageOf(query)).toBe(message);
  });
});

describe.each(testDatabases)('list query over HTTP on %s', (_name, database) => {
  const testApp = useTestApp(database);

  it.each(['page=0', 'pagesize=abc', 'startdate=2026-02-30', 'enddate=yesterday'])('answers 400 with a status_msg for %s', async (query) => {
    const t = testApp();
    const tenant = await t.newTenant();
    for (const path of ['meeting_types', 'meetings']) {
      const response = await t.as(tenant, { method: 'GET', url: `/api/v2/${path}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().status_msg).toMatch(/^(page|pagesize|startdate|enddate) must/);
    }
  });
});
