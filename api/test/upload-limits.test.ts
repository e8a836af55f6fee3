import type { AddressInfo } from 'node:net';
import type { ErrorBody, SendQuote, SendResult } from '@ushirika/shared/contract';
import { MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';
import { MAX_UPLOAD_RECIPIENTS } from '../src/messaging/recipients';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { describeLatency, percentile, timedRequest } from './support/timed-request';
import { messagingClient, multipartForm } from './support/messaging';
import { deflatedZeros, sheetRowsXml, workbookParts, zipArchive } from './support/xlsx';

/*
 * Issue 10, "Uploads": hostile files sent at once over real HTTP (the server listening on a port, as in
 * production) while another client polls GET /api/v2/health. Each file must be refused with a 4xx and a
 * clear status_msg, and /health must keep its speed meanwhile: an upload may cost its own request time,
 * never every other request's. The latencies and refusal times are printed for docs/security.md.
 * Then the largest valid file (security review, "one upload stalls every partner"): 100,000 numbers quoted
 * and sent, under the same rule.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTACTS_HEADER = 'First Name,Last Name,Gender,Mobile,Residence';

const LINE_TOO_LONG = 'Line 1 of the file is longer than 65,536 characters. Check that it is a CSV file with one row per line.';
const TOO_MANY_ROWS = 'The file has more than 200,000 rows, empty ones included. Delete the empty rows at its end, or split it into smaller files.';
const NOT_XLSX = 'The file could not be read as an Excel (.xlsx) workbook.';

/** A workbook of 980 KB whose sheet declares 4 KB and inflates to 1 GB (the attacker's "407 KB to 1.3 GB", larger). */
const lyingZipBomb = () =>
  zipArchive(
    workbookParts([sheetRowsXml([['Phone']])]).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml' ? { ...part, deflated: deflatedZeros(4_000_000), size: 4096, streamed: true } : part,
    ),
  );
/** A tiny sheet that names row a billion: the reader would build a billion rows. */
const rowBillion = () => zipArchive(workbookParts(['<row r="1"><c r="A1"><v>1</v></c></row><row r="1000000000"><c r="A1000000000"><v>1</v></c></row>']));
/** A phone export of `rows` distinct Kenyan mobiles, in local form, under a header. */
const numbersCsv = (rows: number) => `Name,Phone\n${Array.from({ length: rows }, (_, i) => `Member ${i},07${String(10_000_000 + i).slice(-8)}\n`).join('')}`;
/** Just under 5 MB of lines: `line` repeated. */
const fiveMegabytesOf = (line: string) => `${line}\n`.repeat(Math.floor((MAX_IMPORT_FILE_BYTES - 1024) / (line.length + 1)));

interface Hostile {
  what: string;
  path: 'member/import/preview' | 'member/import' | 'notifyuploaded/quote';
  file: { name: string; type: string; content: Buffer | string };
  status: number;
  message: string;
}

const HOSTILE: Hostile[] = [
  {
    what: 'zip bomb, lying directory (import)',
    path: 'member/import/preview',
    file: { name: 'contacts.xlsx', type: XLSX, content: lyingZipBomb() },
    status: 400,
    message: NOT_XLSX,
  },
  {
    what: 'zip bomb, lying directory (messaging)',
    path: 'notifyuploaded/quote',
    file: { name: 'numbers.xlsx', type: XLSX, content: lyingZipBomb() },
    status: 400,
    message: NOT_XLSX,
  },
  {
    what: 'sheet naming row 1,000,000,000',
    path: 'member/import',
    file: { name: 'contacts.xlsx', type: XLSX, content: rowBillion() },
    status: 400,
    message: TOO_MANY_ROWS,
  },
  {
    what: '1 MB CSV, a million empty columns',
    path: 'member/import/preview',
    file: { name: 'contacts.csv', type: 'text/csv', content: `${CONTACTS_HEADER}${','.repeat(1_000_000)}\n` },
    status: 400,
    message: LINE_TOO_LONG,
  },
  {
    what: '5 MB CSV of one line',
    path: 'notifyuploaded/quote',
    file: { name: 'numbers.csv', type: 'text/csv', content: Buffer.alloc(MAX_IMPORT_FILE_BYTES - 1024, 0x37) },
    status: 400,
    message: LINE_TOO_LONG,
  },
  {
    what: '5 MB CSV of 140,000 contacts',
    path: 'member/import/preview',
    file: { name: 'contacts.csv', type: 'text/csv', content: `${CONTACTS_HEADER}\n${fiveMegabytesOf('Amina,Wanjiru,F,0712345678,Nairobi')}` },
    status: 400,
    message: 'The file has more than 20,000 contacts. Split it into smaller files and import them one by one.',
  },
  {
    what: '5 MB CSV of 470,000 numbers',
    path: 'notifyuploaded/quote',
    file: { name: 'numbers.csv', type: 'text/csv', content: fiveMegabytesOf('0712345678') },
    status: 400,
    message: TOO_MANY_ROWS,
  },
  {
    what: '5 MB CSV of empty lines',
    path: 'member/import/preview',
    file: { name: 'contacts.csv', type: 'text/csv', content: `${CONTACTS_HEADER}\n${'\n'.repeat(MAX_IMPORT_FILE_BYTES - 1024)}` },
    status: 400,
    message: TOO_MANY_ROWS,
  },
  {
    what: 'file over 5 MB',
    path: 'member/import/preview',
    file: { name: 'contacts.csv', type: 'text/csv', content: Buffer.alloc(MAX_IMPORT_FILE_BYTES + 1, 0x41) },
    status: 413,
    message: 'The file is larger than 5 MB. Split it into smaller files and import them one by one.',
  },
];

describe.each(testDatabases)('upload limits over HTTP on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const upload = (tenant: Tenant, hostile: { path: Hostile['path'] | 'notifyuploaded'; file: Hostile['file'] }) => {
    const fields: Record<string, string> = hostile.path.startsWith('notify') ? { message: 'Harvest on Sunday', type: 'SMS', category: 'WEBSMS' } : {};
    const form = multipartForm(fields, { ...hostile.file, field: hostile.path.startsWith('notify') ? 'message_file' : 'file' });
    return timedRequest(`${origin}/api/v2/${hostile.path}`, { method: 'POST', headers: { ...form.headers, authorization: tenant.auth }, body: form.payload });
  };

  /**
   * `path` (GET /api/v2/health unless given) answered one after another until `until` settles (at least
   * `minimum` times); each answer's time. Every answer must be a 200, or one of `statuses`.
   */
  async function pollHealth(until: Promise<unknown> | null, minimum: number, path = '/api/v2/health', statuses: number[] = [200]): Promise<number[]> {
    let settled = until === null;
    void until?.finally(() => (settled = true));
    const latencies: number[] = [];
    while (!settled || latencies.length < minimum) {
      const answer = await timedRequest(`${origin}${path}`, { method: 'GET' });
      expect(statuses).toContain(answer.status);
      latencies.push(answer.ms);
    }
    return latencies;
  }

  it('refuses every hostile upload with a clear message while /health keeps its speed', async () => {
    const tenant = await t.newTenant('Uploads');
    await pollHealth(null, 20); // warm up
    const idle = await pollHealth(null, 60);

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const uploads = Promise.all(HOSTILE.map((hostile) => upload(tenant, hostile)));
    const [answers, attacked] = await Promise.all([uploads, pollHealth(uploads, 20)]);
    const attackMs = performance.now() - started;
    clearInterval(sampler);

    const lines = HOSTILE.map((hostile, index) => `  ${hostile.what}: ${answers[index]!.status} in ${answers[index]!.ms.toFixed(0)} ms`);
    console.log(
      [
        `Hostile uploads on ${_name}: ${HOSTILE.length} at once, all answered in ${attackMs.toFixed(0)} ms; resident memory +${((rssPeak - rssBefore) / 1024 / 1024).toFixed(0)} MB at most`,
        ...lines,
        `GET /health idle:         ${describeLatency(idle)}`,
        `GET /health under attack: ${describeLatency(attacked)}`,
      ].join('\n'),
    );

    HOSTILE.forEach((hostile, index) => {
      const answer = answers[index]!;
      expect({ what: hostile.what, status: answer.status, body: JSON.parse(answer.body) as ErrorBody }).toEqual({
        what: hostile.what,
        status: hostile.status,
        body: { status_msg: hostile.message },
      });
    });
    // Before the limits, one wide CSV held every request for 9 s: /health waited about as long as the attack
    // itself. The bound is a share of the attack's own time, so a busy CI machine (other test files run
    // beside this one) slows both sides alike: 6% on a quiet machine, 100% with the stall.
    expect(percentile(attacked, 95)).toBeLessThan(Math.max(attackMs / 4, 10 * percentile(idle, 95), 250));
    expect((await t.as(tenant, { method: 'GET', url: '/api/v2/member' })).json<{ total: number }>().total).toBe(0);
  }, 120_000);

  it('quotes and sends a file of 100,000 numbers while /healthz and /health keep answering', async () => {
    const tenant = await messagingClient(t).tenantWith(MAX_UPLOAD_RECIPIENTS);
    const numbers = (rows: number) => ({ name: 'numbers.csv', type: 'text/csv', content: numbersCsv(rows) });
    // Warm up: the routes, libphonenumber's metadata, the database's plans.
    expect((await upload(tenant, { path: 'notifyuploaded/quote', file: numbers(100) })).status).toBe(200);
    await pollHealth(null, 20, '/healthz');
    await pollHealth(null, 20);
    const idle = { healthz: await pollHealth(null, 60, '/healthz'), health: await pollHealth(null, 60) };
    console.log(`100,000 numbers on ${_name}, idle: GET /healthz ${describeLatency(idle.healthz)}; GET /api/v2/health ${describeLatency(idle.health)}`);

    const file = numbers(MAX_UPLOAD_RECIPIENTS);
    for (const path of ['notifyuploaded/quote', 'notifyuploaded'] as const) {
      const started = performance.now();
      const uploading = upload(tenant, { path, file });
      // GET /healthz touches nothing but the event loop. GET /api/v2/health asks the database too; on PGlite (one
      // session, in this process) a send's one transaction holds it for seconds, all or nothing, and /health waits
      // for it, answering 503 once its database check passes its 2 s deadline (http/readiness.ts).
      const waitsForTheSend = _name === 'PGlite' && path === 'notifyuploaded';
      const [answer, healthz, health] = await Promise.all([uploading, pollHealth(uploading, 20, '/healthz'), pollHealth(uploading, 20, '/api/v2/health', [200, 503])]);
      const ms = performance.now() - started;
      console.log(
        [
          `POST /${path} of 100,000 numbers on ${_name}: ${answer.status} in ${ms.toFixed(0)} ms`,
          `  GET /healthz meanwhile:       ${describeLatency(healthz)}`,
          `  GET /api/v2/health meanwhile: ${describeLatency(health)}${waitsForTheSend ? " (waits for the send's transaction)" : ''}`,
        ].join('\n'),
      );

      const body = JSON.parse(answer.body) as unknown;
      if (path === 'notifyuploaded/quote') {
        const quoted: Partial<SendQuote> = { recipients: MAX_UPLOAD_RECIPIENTS, optedOut: 0, invalid: [], duplicates: 0, units: MAX_UPLOAD_RECIPIENTS };
        expect({ status: answer.status, body }).toMatchObject({ status: 200, body: quoted });
      } else {
        const sent: Partial<SendResult['send']> = { queued: MAX_UPLOAD_RECIPIENTS, optedOut: 0, units: MAX_UPLOAD_RECIPIENTS, balance: 0 };
        expect({ status: answer.status, body }).toMatchObject({ status: 201, body: { send: sent } });
      }
      // The upload may cost its own time, never every other request's: no answer waits a third of it. Before the
      // fix one answer waited through most of it (70-75%: the numbers parsed in one go; on PGlite also the file's
      // bytes and the one INSERT of 100,000 rows); the answers before and after that one were as fast as idle ones,
      // so a percentile did not see it. After it the longest wait is 4-10% of the upload, the 10% on a CI machine
      // running other test files beside this one; measured against the upload's own time, the rule holds on a
      // slow or busy machine as on a fast one.
      expect(Math.max(...healthz)).toBeLessThan(ms / 3);
      if (!waitsForTheSend) expect(Math.max(...health)).toBeLessThan(ms / 3);
    }
    const queued = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(Number(queued.count)).toBe(MAX_UPLOAD_RECIPIENTS);
  }, 300_000);
});
