/**
 * The SQL our server runs for a request, as Kysely sends it (text and parameters, in order): recorded by
 * building the same app in this process, with the spawned server's config, on a Kysely whose `log` sees
 * every query, and sending each request twice with `inject`, recording the second (what a warm server runs:
 * anything cached after the first request is not replayed). That includes the token guard's session lookup
 * and the per-user rate-limit counter, which on PostgreSQL is an upsert through the same Kysely. The bare
 * baseline replays exactly this, so the comparison is SQL against SQL.
 */
import type { LogEvent } from 'kysely';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import { openDatabase, type DatabaseTarget } from '../../src/db/connection';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

export async function captureStatements(target: DatabaseTarget, config: Config, urls: string[], authorization: string): Promise<Statement[][]> {
  let recording: Statement[] | undefined;
  const log = (event: LogEvent) => {
    if (event.level === 'query') recording?.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };
  const handle = await openDatabase(target, { log });
  try {
    const app = await buildApp({ db: handle.db, config, logger: false });
    try {
      const captured: Statement[][] = [];
      for (const url of urls) {
        const first = await app.inject({ method: 'GET', url, headers: { authorization } });
        if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
        recording = [];
        const second = await app.inject({ method: 'GET', url, headers: { authorization } });
        if (second.statusCode !== 200) throw new Error(`${url}: ${second.statusCode} ${second.body}`);
        captured.push(recording);
        recording = undefined;
      }
      return captured;
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

/** A statement's kind, for the check that the capture holds what every request runs. */
export const isSessionLookup = (statement: Statement) => /\bfrom "users"/.test(statement.sql);
export const isRateLimitCount = (statement: Statement) => /insert into rate_limit_hits/.test(statement.sql);
