/** @jest-environment node */
// ky is fetch-based: these tests run in node, against a real HTTP server on a free local port.
import '../../test/memory-storage';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useSession } from '@ushirika/shared/session';
import { amina } from '../../test/users';
import { api, errorText, listQuery, loadAll, partnerToday, NO_RESPONSE_TEXT, pageLoader, saveRecord } from './index';

interface Seen {
  method: string;
  url: URL;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let origin: string;
let seen: Seen[] = [];
/** What the fake server answers next: status and JSON body. */
let answer: { status: number; body: unknown } = { status: 200, body: {} };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://x'), authorization: req.headers.authorization, body: await readBody(req) });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The real instance and hooks; only the origin differs, as it would behind the dev proxy. */
const client = () => api.extend({ baseUrl: origin });

const signIn = () =>
  useSession.getState().login({
    access_token: 'header.payload.sig',
    user: { firstName: 'Jane', lastName: 'Wanjiku', email: 'jane@grace.test', Partner: { id: 7, name: 'Grace', product: 'general', country: 'KE' } },
  });

beforeEach(() => {
  seen = [];
  answer = { status: 200, body: {} };
  signIn();
});

describe('api instance', () => {
  it('sends every call under /api/v2 with the bearer token and the tenant id', async () => {
    answer = { status: 200, body: { meeting_types: [], total: 0 } };
    await client()
      .get('meeting_types', { searchParams: { page: 2 } })
      .json();
    const [call] = seen;
    expect(call?.url.pathname).toBe('/api/v2/meeting_types');
    expect(call?.url.searchParams.get('tenantid')).toBe('7');
    expect(call?.url.searchParams.get('page')).toBe('2');
    expect(call?.authorization).toBe('Bearer header.payload.sig');
  });

  it('sends a multipart upload whole when it adds the tenant id', async () => {
    const form = new FormData();
    form.append('file', new Blob(['First Name,Last Name\r\nJane,Wanjiku\r\n'], { type: 'text/csv' }), 'contacts.csv');
    await client().post('member/import/preview', { body: form }).json();
    const [call] = seen;
    expect(call?.url.searchParams.get('tenantid')).toBe('7');
    expect(call?.body).toContain('filename="contacts.csv"');
    expect(call?.body).toContain('Jane,Wanjiku');
  });

  it('sends no tenant id or token when nobody is signed in', async () => {
    useSession.getState().logout();
    await client().get('meeting_types').json();
    expect(seen[0]?.url.searchParams.has('tenantid')).toBe(false);
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('ends the session when the server answers 401', async () => {
    answer = { status: 401, body: { status_msg: 'Token expired' } };
    await expect(client().get('meetings').json()).rejects.toThrow();
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().access_token).toBeNull();
  });

  it('keeps the session when /login answers 401 (wrong password is not a lost session)', async () => {
    answer = { status: 401, body: { status_msg: 'Wrong email or password' } };
    await expect(client().post('login', { json: {} }).json()).rejects.toThrow();
    expect(useSession.getState().user).not.toBeNull();
  });
});

describe('pageLoader and saveRecord', () => {
  it('reads the rows under the resource key and the total', async () => {
    answer = { status: 200, body: { meeting_types: [{ id: 1 }], total: 31 } };
    const load = pageLoader<{ id: number }>('meeting_types', 'meeting_types', client());
    const page = await load(listQuery({ page: 3, pagesize: 15, searchKey: 'choir' }));
    expect(page).toEqual({ rows: [{ id: 1 }], total: 31 });
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toMatchObject({ page: '3', pagesize: '15', searchKey: 'choir', action: 'display' });
  });

  it("carries the server's estimate flag into the page", async () => {
    answer = { status: 200, body: { meeting_types: [{ id: 1 }], total: 1_900, total_is_estimate: true } };
    const load = pageLoader<{ id: number }>('meeting_types', 'meeting_types', client());
    expect(await load(listQuery({ page: 1, pagesize: 15 }))).toEqual({ rows: [{ id: 1 }], total: 1_900, totalIsEstimate: true });
    answer = { status: 200, body: { meeting_types: [{ id: 1 }], total: 1 } };
    expect(await load(listQuery({ page: 1, pagesize: 15 }))).toEqual({ rows: [{ id: 1 }], total: 1 });
  });

  it("keeps the answer's other fields for the list's summary (issue 28.3)", async () => {
    answer = { status: 200, body: { incomes: [{ id: 1 }], total: 31, total_amount: '48250.50' } };
    const load = pageLoader<{ id: number }>('income', 'incomes', client());
    expect(await load(listQuery({ page: 1, pagesize: 15 }))).toEqual({ rows: [{ id: 1 }], total: 31, response: { total_amount: '48250.50' } });
  });

  describe('loadAll', () => {
    /** A list of `count` rows read 100 at a time, whose answers say `total` (and whether it is estimated). */
    const list = (count: number, total: number, totalIsEstimate?: boolean) =>
      jest.fn(async (query: { page: number; pagesize: number }) => {
        const from = (query.page - 1) * query.pagesize;
        const rows = Array.from({ length: Math.max(0, Math.min(query.pagesize, count - from)) }, (_, i) => ({ id: from + i + 1 }));
        return { rows, total, ...(totalIsEstimate ? { totalIsEstimate } : {}) };
      });

    it('reads past an estimated total that was too low, to the short last page', async () => {
      const load = list(250, 120, true);
      expect(await loadAll(load)).toHaveLength(250);
      expect(load.mock.calls.map(([query]) => query.page)).toEqual([1, 2, 3]);
    });

    it('stops at the short last page when an estimated total was too high', async () => {
      const load = list(250, 5_000, true);
      expect(await loadAll(load)).toHaveLength(250);
      expect(load).toHaveBeenCalledTimes(3);
    });

    it('stops when an exact total is reached, without asking for the empty page after it', async () => {
      const load = list(200, 200);
      expect(await loadAll(load)).toHaveLength(200);
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('stops at a short page even if the exact total says more (rows deleted while reading)', async () => {
      const load = list(150, 300);
      expect(await loadAll(load)).toHaveLength(150);
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('stops at an empty page when a full estimated one was the last', async () => {
      const load = list(200, 1_500, true);
      expect(await loadAll(load)).toHaveLength(200);
      expect(load.mock.calls.map(([query]) => query.page)).toEqual([1, 2, 3]);
    });
  });

  it('creates with POST and updates with PUT /<path>/<id>', async () => {
    answer = { status: 201, body: { status_msg: 'ok', meeting_type: { id: 4 } } };
    await saveRecord('meeting_types', { name: 'Choir', description: 'Practice' }, undefined, client());
    await saveRecord('meeting_types', { name: 'Choir', description: 'Practice' }, 4, client());
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['POST /api/v2/meeting_types', 'PUT /api/v2/meeting_types/4']);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ name: 'Choir', description: 'Practice' });
  });
});

describe('errorText (spec 8)', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("shows the server's status_msg when it answered", async () => {
    answer = { status: 400, body: { status_msg: 'Name is required' } };
    expect(errorText(await failure(client().post('meeting_types', { json: {} }).json()))).toBe('Name is required');
  });

  it('says no response was received when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      api
        .extend({ baseUrl: `http://127.0.0.1:${port}/` })
        .get('meetings')
        .json(),
    );
    expect(errorText(error)).toBe(NO_RESPONSE_TEXT);
  });

  it("falls back to the error's own message", () => {
    expect(errorText(new Error('Something broke'))).toBe('Something broke');
  });
});

describe('partnerToday', () => {
  it("is the date on the partner's clock, whatever the device's says", () => {
    // 22:30 UTC on 5 March is already 6 March in Nairobi (UTC+3), still 5 March in Lima (UTC-5).
    const lateEvening = new Date(Date.UTC(2026, 2, 5, 22, 30));
    expect(partnerToday(lateEvening, 'Africa/Nairobi')).toBe('2026-03-06');
    expect(partnerToday(lateEvening, 'America/Lima')).toBe('2026-03-05');
    // Signed out, or a partner without a zone: Nairobi's.
    expect(partnerToday(lateEvening)).toBe('2026-03-06');
  });
});

describe('listQuery (spec 7)', () => {
  it("asks for display from 2020-01-01 to the partner's today, whatever the device's clock says", () => {
    // 22:30 UTC on 5 March is already 6 March in Nairobi (UTC+3), still 5 March in Lima (UTC-5).
    const lateEvening = new Date(Date.UTC(2026, 2, 5, 22, 30));
    expect(listQuery({ page: 1, pagesize: 15 }, lateEvening, 'Africa/Nairobi')).toEqual({
      searchKey: '',
      action: 'display',
      page: 1,
      pagesize: 15,
      startdate: '2020-01-01',
      enddate: '2026-03-06',
    });
    expect(listQuery({ page: 1, pagesize: 15 }, lateEvening, 'America/Lima').enddate).toBe('2026-03-05');
  });

  it("reads the signed-in partner's zone, and Nairobi's without one", () => {
    const lateEvening = new Date(Date.UTC(2026, 2, 5, 22, 30));
    expect(listQuery({ page: 1, pagesize: 15 }, lateEvening).enddate).toBe('2026-03-06');
    useSession.setState({ user: { ...amina, Partner: { ...amina.Partner, timeZone: 'America/Lima' } } });
    try {
      expect(listQuery({ page: 1, pagesize: 15 }, lateEvening).enddate).toBe('2026-03-05');
    } finally {
      useSession.setState({ user: null });
    }
  });
});
