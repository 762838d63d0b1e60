/**
 * App passwords: a random secret per device, shown once and kept as its SHA-256. A fast hash is
 * safe here, where argon2 is needed for a chosen password: the secret has 160 random bits, so no
 * guessing from a stolen hash is possible, and CalDAV clients send it on every request, which a
 * slow hash would make slow.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { fieldError } from '../http/errors';
import { MAX_APP_PASSWORDS } from '../../shared/app-password-schemas';

type Db = Kysely<Database>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 20 random bytes as 32 base-32 letters in groups of four (easy to type on a phone). */
function newSecret(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return text.match(/.{4}/g)!.join('-');
}

/** The stored form: dashes, spaces and case do not matter, as people type them. */
export const secretHash = (password: string): string =>
  createHash('sha256').update(password.replace(/[\s-]/g, '').toLowerCase()).digest('base64url');

export interface AppPassword {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const columns = ['id', 'name', 'created_at', 'last_used_at'] as const;
const present = (row: {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): AppPassword => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** A new app password; its secret is in the answer only. */
export async function createAppPassword(
  db: Db,
  ownerId: number,
  name: string,
  now = new Date(),
): Promise<AppPassword & { password: string }> {
  const count = await db
    .selectFrom('app_passwords')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= MAX_APP_PASSWORDS)
    throw fieldError([], `A user can keep at most ${MAX_APP_PASSWORDS} app passwords`);
  const password = newSecret();
  const row = await db
    .insertInto('app_passwords')
    .values({
      owner_id: ownerId,
      name,
      secret_hash: secretHash(password),
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { ...present(row), password };
}

export async function listAppPasswords(db: Db, ownerId: number): Promise<AppPassword[]> {
  const rows = await db
    .selectFrom('app_passwords')
    .select(columns)
    .where('owner_id', '=', ownerId)
    .orderBy('id')
    .execute();
  return rows.map(present);
}

/** Revokes one; false when it is not the owner's (or gone already). */
export async function deleteAppPassword(db: Db, ownerId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('app_passwords')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How stale last_used_at may get: a client's every request need not write. */
const TOUCH_AFTER_MS = 60_000;

/** Whether `password` is one of the owner's app passwords; notes when it was used. */
export async function verifyAppPassword(
  db: Db,
  ownerId: number,
  password: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('app_passwords')
    .select(['id', 'last_used_at'])
    .where('secret_hash', '=', secretHash(password))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return false;
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > TOUCH_AFTER_MS)
    await db
      .updateTable('app_passwords')
      .set({ last_used_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
  return true;
}
