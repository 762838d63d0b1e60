/**
 * What a database error means, read from the driver's error codes (better-sqlite3 and pg name them
 * differently): a broken unique constraint, or a database that cannot be reached.
 */

/** A unique or primary key constraint refused the row (PostgreSQL 23505, SQLite's constraint codes). */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
};

const UNAVAILABLE_CODES = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'],
  ...['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL'],
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
  ...['57P01', '57P02', '57P03', '53300'],
]);

/** True for failures that mean "the database cannot be reached", as opposed to a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed: errors from drivers and from Node's own sockets need not share this realm's Error.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
    return true;
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database is locked/i.test(
      message,
    )
  );
}
