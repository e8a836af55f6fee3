import { sql, type Kysely } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/schema';

/** A key's count in its current window, and the milliseconds until the window ends. */
export interface Hits {
  current: number;
  ttl: number;
}

/**
 * The counters behind every rate limit: fixed windows, counted by `incr` BEFORE the request is checked,
 * so requests sent at once each see a different count and only the first `max` pass. Two kinds of write
 * besides counting: `refund` takes one hit back (a login that succeeded), `reset` forgets a key.
 */
export interface HitCounter {
  incr(key: string, windowMs: number): Promise<Hits>;
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Waits for background work (the sweep of expired counters) before the database closes. */
  close(): Promise<void>;
}

/** One process's counters (PGlite runs in one process). Bounded: expired keys are swept as the map grows. */
export class MemoryHitCounter implements HitCounter {
  private readonly windows = new Map<string, { hits: number; expiresAt: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  incr(key: string, windowMs: number): Promise<Hits> {
    const now = Date.now();
    const window = this.windows.get(key);
    if (!window || window.expiresAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.sweep(now);
      this.windows.set(key, { hits: 1, expiresAt: now + windowMs });
      return Promise.resolve({ current: 1, ttl: windowMs });
    }
    window.hits += 1;
    return Promise.resolve({ current: window.hits, ttl: window.expiresAt - now });
  }

  refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.hits > 0) window.hits -= 1;
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Drops expired windows; if every key is alive, the oldest (Map order) go, so memory stays bounded. */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.expiresAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in PostgreSQL's `rate_limit_hits` (migration 0008), so several API processes share one count.
 * Each hit is one atomic upsert: the row is locked for the statement, so concurrent requests for one key
 * get consecutive counts. A window that has ended restarts at 1. Expired rows are deleted at most once a
 * minute, in the background.
 */
export class PostgresHitCounter implements HitCounter {
  private lastSweep = Date.now();
  private sweeping: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>) {}

  async incr(key: string, windowMs: number): Promise<Hits> {
    this.sweepNowAndThen();
    const { rows } = await sql<{ hits: number; ttl: number }>`
      insert into rate_limit_hits as r (key, hits, expires_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
      returning hits, greatest(0, extract(epoch from r.expires_at - now()) * 1000)::float8 as ttl`.execute(this.db);
    const row = rows[0]!;
    return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
  }

  async refund(key: string): Promise<void> {
    await sql`update rate_limit_hits set hits = hits - 1 where key = ${key} and hits > 0 and expires_at > now()`.execute(this.db);
  }

  async reset(key: string): Promise<void> {
    await sql`delete from rate_limit_hits where key = ${key}`.execute(this.db);
  }

  close(): Promise<void> {
    return this.sweeping;
  }

  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.sweeping = sql`delete from rate_limit_hits where expires_at <= now()`.execute(this.db).then(
      () => undefined,
      // A failed sweep is retried a minute later; the counters stay right because expired rows restart at 1.
      () => undefined,
    );
  }
}

/**
 * The class @fastify/rate-limit instantiates (`store` option) over our counters: the plugin calls
 * `incr(key, callback, timeWindow, max)` and makes a child per route, which here shares the counters (keys
 * say what they count, and the window comes with every call). `counterFor` picks the counter of a key.
 */
export function rateLimitStore(counterFor: (key: string) => HitCounter): FastifyRateLimitStoreCtor {
  class SharedCounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number): void {
      counterFor(key)
        .incr(key, timeWindow)
        .then(
          (hits) => callback(null, hits),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return SharedCounterStore;
}
