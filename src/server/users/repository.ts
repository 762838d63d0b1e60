/** User persistence and the per-request session lookup. */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';

type Db = Kysely<Database>;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
}

/** Thrown when the email or the username (compared case-insensitively) is taken. */
export class DuplicateUserError extends Error {}

export const usernameKey = (username: string): string => username.toLowerCase();
export const emailKey = (email: string): string => email.trim().toLowerCase();

export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** By email or username, both case-insensitive. */
export function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | undefined> {
  const key = identifier.trim().toLowerCase();
  return db.selectFrom('users').selectAll().where((eb) => eb.or([eb('email', '=', key), eb('username_key', '=', key)])).orderBy('id').executeTakeFirst();
}

export async function createUser(db: Db, input: NewUser, now = new Date(), confirmed = true): Promise<UserRow> {
  const timestamp = now.toISOString();
  try {
    return await db
      .insertInto('users')
      .values({
        username: input.username,
        username_key: usernameKey(input.username),
        email: emailKey(input.email),
        password_hash: input.passwordHash,
        provider: 'local',
        confirmed: confirmed ? 1 : 0,
        blocked: 0,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateUserError('Email or Username are already taken');
    throw error;
  }
}

export async function isEmailOrUsernameTaken(db: Db, email: string, username: string): Promise<boolean> {
  const taken = db.selectFrom('users').select('id').where((eb) => eb.or([eb('email', '=', emailKey(email)), eb('username_key', '=', usernameKey(username))]));
  return (await taken.executeTakeFirst()) !== undefined;
}

/** The token's user, if it may still act: the user exists and is not blocked, and the token is not revoked. */
export function findSessionUser(db: Db, userId: number, jti: string): Promise<UserRow | undefined> {
  const active = db.selectFrom('users').selectAll().where('id', '=', userId).where('blocked', '=', 0);
  return active.where((eb) => eb.not(eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)))).executeTakeFirst();
}

/**
 * What findSessionUser reads, for several tokens of one user in one statement (a user's event
 * streams are checked together): undefined when the user is gone or blocked, else which are revoked.
 */
export async function findSessionStates(db: Db, userId: number, jtis: string[]): Promise<(Pick<UserRow, 'tokens_valid_after'> & { revoked: Set<string> }) | undefined> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('revoked_tokens', (join) => join.on('revoked_tokens.jti', 'in', jtis))
    .select(['users.tokens_valid_after', 'revoked_tokens.jti'])
    .where('users.id', '=', userId)
    .where('users.blocked', '=', 0)
    .execute();
  if (rows.length === 0) return undefined;
  return { tokens_valid_after: rows[0]!.tokens_valid_after, revoked: new Set(rows.flatMap((row) => (row.jti === null ? [] : [row.jti]))) };
}

export async function revokeToken(db: Db, jti: string, userId: number, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, user_id: userId, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .execute();
  // Expired tokens are refused anyway, so their revocations can go.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date().toISOString()).execute();
}

export async function setBlocked(db: Db, email: string, blocked: boolean): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('users')
    // A block also ends every token issued so far, so an unblock does not bring them back.
    .set({ blocked: blocked ? 1 : 0, updated_at: now, ...(blocked && { tokens_valid_after: now }) })
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUser(db: Db, email: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('email', '=', emailKey(email)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/** A new password hash; every token issued until now is refused from now on. */
export async function setPassword(db: Db, userId: number, passwordHash: string, now = new Date()): Promise<UserRow> {
  const at = now.toISOString();
  const update = db.updateTable('users').set({ password_hash: passwordHash, tokens_valid_after: at, updated_at: at });
  return update.where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

export async function confirmUser(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ confirmed: 1, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** "Log out of all devices": every token issued until now is refused from now on. */
export async function endAllSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ tokens_valid_after: now.toISOString() }).where('id', '=', userId).execute();
}

/** Removes a user; their todos and revoked tokens go with them (foreign keys cascade). */
export async function deleteUserById(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
