/**
 * @jest-environment node
 *
 * The daily mail count per user, in the database: two connections (as two server processes would
 * have) taking from one user's allowance at once together get exactly the cap, and one of them is
 * told it was crossed.
 */
import { openDatabase } from '../../../src/server/db/connect';
import {
  confirmedAddresses,
  purgeMailCounts,
  takeMailAllowance,
} from '../../../src/server/mail/notifications';
import { createUser } from '../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

for (const dialect of dialectsUnderTest()) {
  describe(`mail notifications [${dialect}]`, () => {
    let database: TestDatabase;
    let other: ReturnType<typeof openDatabase>;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      other = openDatabase(database.url);
    });
    afterAll(async () => {
      await other.close();
      await database.dispose();
    });
    const newUser = (name: string, confirmed = true) =>
      createUser(
        database.handle.db,
        { email: `${name}@example.com`, username: name, passwordHash: 'x' },
        new Date(),
        confirmed,
      );
    const day = new Date('2026-12-05T10:00:00.000Z');

    it('gives two connections taking at once exactly the cap between them, and reports crossing it once', async () => {
      const user = await newUser('shared');
      const takes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          takeMailAllowance(i % 2 ? other.db : database.handle.db, user.id, 1, 5, day),
        ),
      );
      expect(takes.reduce((sum, take) => sum + take.allowed, 0)).toBe(5);
      expect(takes.filter((take) => take.capReached)).toHaveLength(1);
    });

    it('allows part of a batch that crosses the cap, none after, and counts each user and day apart', async () => {
      const [ann, bob] = [await newUser('batch'), await newUser('apart')];
      expect(await takeMailAllowance(database.handle.db, ann.id, 2, 3, day)).toEqual({
        allowed: 2,
        capReached: false,
      });
      expect(await takeMailAllowance(database.handle.db, ann.id, 4, 3, day)).toEqual({
        allowed: 1,
        capReached: true,
      });
      expect(await takeMailAllowance(other.db, ann.id, 1, 3, day)).toEqual({
        allowed: 0,
        capReached: false,
      });
      expect(await takeMailAllowance(database.handle.db, bob.id, 3, 3, day)).toEqual({
        allowed: 3,
        capReached: false,
      });
      const tomorrow = new Date(day.getTime() + 24 * 3_600_000);
      expect(await takeMailAllowance(database.handle.db, ann.id, 1, 3, tomorrow)).toEqual({
        allowed: 1,
        capReached: false,
      });
    });

    it('a cap of 0 mails nothing', async () => {
      const user = await newUser('none');
      expect(await takeMailAllowance(database.handle.db, user.id, 2, 0, day)).toEqual({
        allowed: 0,
        capReached: true,
      });
    });

    it('purges the counts of days before yesterday', async () => {
      const user = await newUser('purged');
      const old = new Date('2026-11-01T10:00:00.000Z');
      await takeMailAllowance(database.handle.db, user.id, 1, 3, old);
      await takeMailAllowance(database.handle.db, user.id, 1, 3, day);
      await purgeMailCounts(database.handle.db, day);
      const days = await database.handle.db
        .selectFrom('mail_counts')
        .select('day')
        .where('user_id', '=', user.id)
        .execute();
      expect(days).toEqual([{ day: '2026-12-05' }]);
    });

    it('gives the addresses of confirmed users only', async () => {
      const [confirmed, unconfirmed] = [await newUser('yes'), await newUser('no', false)];
      const addresses = await confirmedAddresses(database.handle.db, [
        confirmed.id,
        unconfirmed.id,
      ]);
      expect([...addresses]).toEqual([[confirmed.id, 'yes@example.com']]);
    });
  });
}
