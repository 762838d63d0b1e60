/**
 * One-time codes for mailed links: 256 random bits kept only as a SHA-256 hash. Using one is a
 * single statement, so two uses at once cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountCodeTable, Database } from '../db/types';

type Purpose = AccountCodeTable['purpose'];

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new code for the user; the text goes in the mail, its hash in the database. */
export async function createCode(
  db: Kysely<Database>,
  userId: number,
  purpose: Purpose,
  validMs: number,
  now = new Date(),
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('account_codes')
    .values({
      code_hash: hashOf(code),
      user_id: userId,
      purpose,
      expires_at: new Date(now.getTime() + validMs).toISOString(),
      used_at: null,
    })
    .execute();
  // Codes that can no longer be used go.
  await db.deleteFrom('account_codes').where('expires_at', '<', now.toISOString()).execute();
  return code;
}

/** The user of a valid, unused code of that purpose, leaving it unused (to check a request before spending it); or undefined. */
export async function ownerOfCode(
  db: Kysely<Database>,
  code: string,
  purpose: Purpose,
  now = new Date(),
): Promise<number | undefined> {
  const row = await db
    .selectFrom('account_codes')
    .select('user_id')
    .where('code_hash', '=', hashOf(code))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.user_id;
}

/** Marks a valid, unused code of that purpose used; its user's id, or undefined. */
export async function useCode(
  db: Kysely<Database>,
  code: string,
  purpose: Purpose,
  now = new Date(),
): Promise<number | undefined> {
  const use = db
    .updateTable('account_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', hashOf(code))
    .where('purpose', '=', purpose);
  const row = await use
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses a valid reset code: it and every other code of its user are deleted by one statement, so of
 * two codes used at once only the one whose row this statement deleted resets; its user's id, or undefined.
 */
export async function useResetCode(
  db: Kysely<Database>,
  code: string,
  now = new Date(),
): Promise<number | undefined> {
  const codeHash = hashOf(code);
  const valid = db
    .selectFrom('account_codes')
    .select('user_id')
    .where('code_hash', '=', codeHash)
    .where('purpose', '=', 'reset');
  const owner = valid.where('used_at', 'is', null).where('expires_at', '>', now.toISOString());
  const deleted = await db
    .deleteFrom('account_codes')
    .where('user_id', '=', owner)
    .returning(['user_id', 'code_hash'])
    .execute();
  return deleted.find((row) => row.code_hash === codeHash)?.user_id;
}
