/**
 * What a database error means for the caller, and how it may be logged. Both `pg` and PGlite expose the
 * SQLSTATE as `code` (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

export const isUniqueViolation = (error: unknown) => codeOf(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === FOREIGN_KEY_VIOLATION;

/**
 * A value the database cannot hold: class 22 "data exception" (a number out of range, an impossible date,
 * a NUL character, a string too long for its column) or 54000 "program limit exceeded" (a key too long
 * for its index). Validation should have refused it first; this is the safety net that keeps it a 400.
 */
export function isUnstorableValue(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (code.startsWith('22') || code === '54000');
}

/**
 * Node's socket errors and the `pg` driver's own words when the server goes away mid-query, or when no
 * pooled connection could be had within the pool's connectionTimeoutMillis (db/connection.ts).
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * The database is down or restarting, not the request's fault: class 08 "connection exception", class
 * 57P "operator intervention" (shutdown, restart, not yet accepting connections), or a socket error.
 * The caller gets 503 and may try again; the pool replaces the lost connections by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && (code.startsWith('08') || code.startsWith('57P') || CONNECTION_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error instanceof Error && CONNECTION_MESSAGES.test(error.message);
}

/**
 * An error as the log may show it. A database error carries the query's parameters (PGlite's `params`),
 * a `detail` naming the conflicting key ("Key (phone)=(+2547…) already exists") and a message quoting the
 * offending value ('invalid input syntax for type integer: "…"'); any of them may be a member's name or
 * number, so only the SQLSTATE and the names of the table, column and constraint are kept, and quoted
 * values are cut from the message. Other errors keep their message and stack.
 */
export function loggableError(error: unknown): { type: string; message: string; stack: string; [name: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const code = codeOf(error);
  if (code === undefined || !/^[0-9A-Z]{5}$/.test(code)) return { type: error.name, message: error.message, stack: error.stack ?? '' };
  const message = error.message.replace(/"[^"]*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const named = error as Error & { table?: string; column?: string; constraint?: string; routine?: string };
  return {
    type: error.name,
    code,
    message,
    table: named.table,
    column: named.column,
    constraint: named.constraint,
    routine: named.routine,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
}
