/**
 * @jest-environment node
 *
 * Reads that must come after the owner's writes under way (a CalDAV sync's token, an event
 * stream's start) wait for the owner's lock on PostgreSQL, then see those writes; their own commit
 * does not wait for the disk, and no write's commit is relaxed by it. On SQLite writes already take
 * turns on the one connection, so only PostgreSQL is under test.
 */
import { sql, type Kysely } from 'kysely';
import { changesSince } from '../../../src/server/caldav/changes';
import { openDatabase } from '../../../src/server/db/connect';
import { afterOwnerWrites, ownerTransaction } from '../../../src/server/db/transactions';
import type { Database } from '../../../src/server/db/types';
import type { Session } from '../../../src/shared/api-types';
import { dialectsUnderTest } from '../support/databases';
import { createTestApp, createTodo, credentials, register, type TestApp } from '../support/app';

const onPostgres = dialectsUnderTest().includes('postgres');

(onPostgres ? describe : describe.skip)('reads after the owner’s writes [postgres]', () => {
  let t: TestApp;
  let ann: Session;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    ann = await register(t.app, credentials('ownerreads'));
    db = t.database.handle.db;
  });
  afterAll(() => t?.close());

  it('a sync waits for the owner’s write under way and answers with it', async () => {
    const todo = await createTodo(t.app, ann, { title: 'before' });
    const { token } = await changesSince(db, ann.user.id, 0, 0);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const write = ownerTransaction(db, ann.user.id, async (trx) => {
      await trx
        .updateTable('todos')
        .set({ title: 'during', updated_at: new Date().toISOString() })
        .where('id', '=', todo.id)
        .execute();
      locked();
      await released;
    });
    await lockTaken;
    let answered = false;
    const sync = changesSince(db, ann.user.id, 0, token).then((changes) => {
      answered = true;
      return changes;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answeredDuringWrite = answered;
    release();
    await write;
    expect(answeredDuringWrite).toBe(false);
    const changes = await sync;
    expect(changes.token).toBeGreaterThan(token);
    expect(changes.changed.map((member) => [member.id, member.title])).toEqual([
      [todo.id, 'during'],
    ]);
  });

  it('relaxes the commit of the read alone, never a write’s', async () => {
    // One connection, its own setting on (the test databases turn it off): every statement below
    // runs on it, so what a transaction leaves behind would show.
    const handle = openDatabase(t.database.url, { postgresPoolSize: 1 });
    try {
      const one = handle.db;
      await sql`set synchronous_commit = on`.execute(one);
      const setting = async (trx: Kysely<Database>) =>
        (
          await sql<{
            value: string;
          }>`select current_setting('synchronous_commit') as value`.execute(trx)
        ).rows[0]!.value;
      expect(await afterOwnerWrites(one, ann.user.id, setting)).toBe('off');
      expect(await setting(one)).toBe('on');
      expect(await ownerTransaction(one, ann.user.id, setting)).toBe('on');
      // Inside a write's transaction the read joins it, and leaves its commit as it was.
      expect(
        await ownerTransaction(one, ann.user.id, (trx) =>
          afterOwnerWrites(trx, ann.user.id, setting),
        ),
      ).toBe('on');
    } finally {
      await handle.close();
    }
  });
});
