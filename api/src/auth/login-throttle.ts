/**
 * Refuses logins for an email after too many recent failures (a sliding window of failure times).
 *
 * Kept in memory: it protects one server process and forgets on restart. That is enough for the
 * single-process PGlite set-up; several processes behind a load balancer would each count separately,
 * and then the window belongs in the database or a shared cache.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** True when the email already has `maxFailures` failures inside the window. */
  isBlocked(email: string, now = Date.now()): boolean {
    return this.recent(email, now).length >= this.maxFailures;
  }

  recordFailure(email: string, now = Date.now()): void {
    const key = keyOf(email);
    this.failures.set(key, [...this.recent(email, now), now]);
    if (this.failures.size > 10_000) this.prune(now);
  }

  reset(email: string): void {
    this.failures.delete(keyOf(email));
  }

  private recent(email: string, now: number): number[] {
    const since = now - this.windowMs;
    return (this.failures.get(keyOf(email)) ?? []).filter((at) => at > since);
  }

  /** Bounds memory when many different emails are tried. */
  private prune(now: number): void {
    const since = now - this.windowMs;
    for (const [key, times] of this.failures) {
      if (!times.some((at) => at > since)) this.failures.delete(key);
    }
  }
}

const keyOf = (email: string) => email.trim().toLowerCase();
