/** @jest-environment node */
// The upload goes through the real api client (its hooks and errors) with a stand-in XMLHttpRequest: node has none.
import '../../../shared/test/memory-storage';
import { api, errorText, NO_RESPONSE_TEXT } from '@ushirika/shared/api';
import { useSession } from '@ushirika/shared/session';
import { amina } from '../../../shared/test/users';
import { importBody } from './api';
import { fetchWithUploadProgress } from './upload';

type Behaviour = { kind: 'answer'; status: number; body: unknown } | { kind: 'network-error' } | { kind: 'hang' };

/** What the next request does, and what the last one sent. */
let behaviour: Behaviour;
let sent: { method: string; url: string; headers: Record<string, string>; body: ArrayBuffer | null; aborted: boolean };

class FakeXhr {
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  responseType = '';
  status = 0;
  statusText = '';
  response: ArrayBuffer | null = null;
  private answerHeaders = '';

  open(method: string, url: string) {
    sent = { method, url, headers: {}, body: null, aborted: false };
  }
  setRequestHeader(name: string, value: string) {
    sent.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  abort() {
    sent.aborted = true;
  }
  send(body: ArrayBuffer | null) {
    sent.body = body;
    const size = body?.byteLength ?? 0;
    setTimeout(() => {
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'network-error') return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(size / 2), total: size });
      this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
      this.upload.onload?.();
      this.status = behaviour.status;
      this.answerHeaders = 'content-type: application/json\r\nx-request-id: 42\r\n';
      this.response = new TextEncoder().encode(JSON.stringify(behaviour.body)).buffer as ArrayBuffer;
      this.onload?.();
    }, 0);
  }
}

/** The real instance and hooks; only the origin differs, as it would behind the dev proxy. */
const client = api.extend({ baseUrl: 'http://app.test/' });
const csv = () => new File(['First Name,Simu\r\nJane,0712345678\r\n'], 'members.csv', { type: 'text/csv' });

beforeAll(() => Object.assign(globalThis, { XMLHttpRequest: FakeXhr }));
beforeEach(() => {
  behaviour = { kind: 'answer', status: 200, body: { ok: true } };
  useSession.getState().login({ access_token: 'header.payload.sig', user: amina });
});

describe('an upload with its progress', () => {
  it('reports the share of the file sent and answers what the server said, through the api client with its token and tenant', async () => {
    const progress: number[] = [];
    const answer = await client
      .post('member/import/preview', { body: importBody({ file: csv(), dateOrder: 'DMY' }), fetch: fetchWithUploadProgress((share) => progress.push(share)) })
      .json();

    expect(answer).toEqual({ ok: true });
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress[0]).toBeLessThan(1);
    expect(progress.at(-1)).toBe(1);
    expect(sent.method).toBe('POST');
    expect(new URL(sent.url).pathname).toBe('/api/v2/member/import/preview');
    expect(new URL(sent.url).searchParams.get('tenantid')).toBe(String(amina.Partner.id));
    expect(sent.headers.authorization).toBe('Bearer header.payload.sig');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(new TextDecoder().decode(sent.body!)).toContain('Jane,0712345678');
  });

  it("fails with the server's message, or with the 'no response' text when the server cannot be reached", async () => {
    const post = () => client.post('member/import', { body: importBody({ file: csv(), dateOrder: 'DMY' }), fetch: fetchWithUploadProgress(() => undefined) }).json();
    behaviour = { kind: 'answer', status: 400, body: { status_msg: 'The file has no contacts below its header row.' } };
    expect(errorText(await post().catch((error: unknown) => error))).toBe('The file has no contacts below its header row.');
    behaviour = { kind: 'network-error' };
    expect(errorText(await post().catch((error: unknown) => error))).toBe(NO_RESPONSE_TEXT);
  });

  it('stops the upload when its signal aborts (a newer reading, the screen left)', async () => {
    behaviour = { kind: 'hang' };
    const controller = new AbortController();
    const upload = client
      .post('member/import/preview', { body: importBody({ file: csv(), dateOrder: 'DMY' }), signal: controller.signal, fetch: fetchWithUploadProgress(() => undefined) })
      .json();
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(upload).rejects.toThrow();
    expect(sent.aborted).toBe(true);
  });
});

describe('the body of a reading', () => {
  it('sends the mapping and the date order before the file (a server reading the file part as it streams sees only the fields before it)', () => {
    const body = importBody({ file: csv(), mapping: { 'First Name': 'firstName', Simu: 'mobile' }, dateOrder: 'MDY' });
    expect([...body.keys()]).toEqual(['mapping', 'dateOrder', 'file']);
    expect(JSON.parse(body.get('mapping') as string)).toEqual({ 'First Name': 'firstName', Simu: 'mobile' });
    expect(body.get('dateOrder')).toBe('MDY');
    expect((body.get('file') as File).name).toBe('members.csv');
  });

  it('leaves the mapping out when the server is to match the columns itself', () => {
    expect([...importBody({ file: csv(), dateOrder: 'DMY' }).keys()]).toEqual(['dateOrder', 'file']);
  });
});
