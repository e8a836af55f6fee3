import type { LoginResponse } from '@ushirika/shared/contract';

/** What an HTTP call came to: its status and JSON body, or `error` when no answer came (refused, reset, timeout). */
export interface Answer<T = unknown> {
  status: number | undefined;
  body: T | undefined;
  error?: string;
  /** Milliseconds from the request to its answer or failure. */
  ms: number;
}

/**
 * A caller of a server started by the test, over real HTTP: `fetch` with a timeout, never throwing, so a
 * test can count what a dying or recovering server answered.
 */
export class ApiClient {
  private auth: string | undefined;

  constructor(readonly baseUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown, options: { timeoutMs?: number; raw?: string } = {}): Promise<Answer<T>> {
    const started = Date.now();
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(this.auth ? { authorization: this.auth } : {}),
          ...(body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await response.text();
      let parsed: T | undefined;
      try {
        parsed = text ? (JSON.parse(text) as T) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed, ms: Date.now() - started };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: undefined, body: undefined, error: cause?.code ?? cause?.message ?? (error as Error).message, ms: Date.now() - started };
    }
  }

  get = <T>(path: string) => this.call<T>('GET', path);
  post = <T>(path: string, body: unknown) => this.call<T>('POST', path, body);

  /** Logs in (the token is sent with every later call); throws when the login fails. */
  async login(email: string, password: string): Promise<void> {
    const answer = await this.post<LoginResponse>('/api/v2/login', { email, password });
    if (answer.status !== 200 || !answer.body) throw new Error(`login failed: ${answer.status} ${answer.error ?? JSON.stringify(answer.body)}`);
    this.auth = `Bearer ${answer.body.access_token}`;
  }
}

/** Must be 2xx: the body. */
export function ok<T>(answer: Answer<T>, what: string): T {
  if (answer.status === undefined || answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what}: ${answer.status ?? answer.error} ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}
