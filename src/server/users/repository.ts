/** User persistence and the per-request session lookup. */
import type { Kysely, Updateable } from 'kysely';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transactions';
import type { Database, UserRow, UserTable } from '../db/types';

type Db = Kysely<Database>;

interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
}

/** Thrown when the email or the username (compared case-insensitively) is taken. */
export class DuplicateUserError extends Error {}

const usernameKey = (username: string): string => username.toLowerCase();
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** By email or username, both case-insensitive. */
export function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | undefined> {
  const key = identifier.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', key), eb('username_key', '=', key)]))
    .orderBy('id')
    .executeTakeFirst();
}

export async function createUser(
  db: Db,
  input: NewUser,
  now = new Date(),
  confirmed = true,
): Promise<UserRow> {
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
    if (isUniqueViolation(error))
      throw new DuplicateUserError('Email or Username are already taken');
    throw error;
  }
}

export async function isEmailOrUsernameTaken(
  db: Db,
  email: string,
  username: string,
): Promise<boolean> {
  const taken = db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb('email', '=', emailKey(email)), eb('username_key', '=', usernameKey(username))]),
    );
  return (await taken.executeTakeFirst()) !== undefined;
}

/** The token's user, if it may still act: the user exists and is not blocked, and the token is not revoked. */
export function findSessionUser(db: Db, userId: number, jti: string): Promise<UserRow | undefined> {
  const active = db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('blocked', '=', 0);
  return active
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti))),
    )
    .executeTakeFirst();
}

/**
 * What findSessionUser reads, for several tokens of one user in one statement (a user's event
 * streams are checked together): undefined when the user is gone or blocked, else which are revoked.
 */
export async function findSessionStates(
  db: Db,
  userId: number,
  jtis: string[],
): Promise<(Pick<UserRow, 'tokens_valid_after'> & { revoked: Set<string> }) | undefined> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('revoked_tokens', (join) => join.on('revoked_tokens.jti', 'in', jtis))
    .select(['users.tokens_valid_after', 'revoked_tokens.jti'])
    .where('users.id', '=', userId)
    .where('users.blocked', '=', 0)
    .execute();
  if (rows.length === 0) return undefined;
  return {
    tokens_valid_after: rows[0]!.tokens_valid_after,
    revoked: new Set(rows.flatMap((row) => (row.jti === null ? [] : [row.jti]))),
  };
}

export async function revokeToken(
  db: Db,
  jti: string,
  userId: number,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, user_id: userId, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('jti').doNothing())
    .execute();
  // Expired tokens are refused anyway, so their revocations can go.
  await db
    .deleteFrom('revoked_tokens')
    .where('expires_at', '<', new Date().toISOString())
    .execute();
}

export async function setBlocked(
  db: Db,
  email: string,
  blocked: boolean,
  now = new Date(),
): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
  if (!user) return false;
  const changes = { blocked: blocked ? 1 : 0, updated_at: now.toISOString() };
  // A block also ends every credential given so far, so an unblock does not bring them back.
  if (blocked) await revokeCredentials(db, user.id, changes, now);
  else await db.updateTable('users').set(changes).where('id', '=', user.id).execute();
  return true;
}

export async function deleteUser(db: Db, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom('users')
    .where('email', '=', emailKey(email))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

/**
 * Ends, with `changes` to the user's row and in one transaction, every credential they were given
 * until `now`: tokens (tokens_valid_after), mailed reset and confirmation codes, the calendar feed
 * link, app passwords (CalDAV). Every path that revokes tokens comes here, so none can leave a code or a link working.
 */
async function revokeCredentials(
  db: Db,
  userId: number,
  changes: Updateable<UserTable>,
  now: Date,
): Promise<UserRow | undefined> {
  const revoke = async (trx: Db) => {
    const set = { ...changes, tokens_valid_after: now.toISOString(), calendar_secret: null };
    const user = await trx
      .updateTable('users')
      .set(set)
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    await trx.deleteFrom('account_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('app_passwords').where('owner_id', '=', userId).execute();
    return user;
  };
  return inTransaction(db, revoke);
}

/** A new password hash; every token, mailed code and feed link given until now stops working. */
export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now = new Date(),
): Promise<UserRow> {
  const user = await revokeCredentials(
    db,
    userId,
    { password_hash: passwordHash, updated_at: now.toISOString() },
    now,
  );
  if (!user) throw new Error(`No user ${userId}`);
  return user;
}

export async function confirmUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ confirmed: 1, updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

export function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** "Log out of all devices": every token, mailed code and feed link given until now stops working. */
export async function endAllSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await revokeCredentials(db, userId, {}, now);
}

/** Removes a user; their todos and revoked tokens go with them (foreign keys cascade). */
export async function deleteUserById(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
