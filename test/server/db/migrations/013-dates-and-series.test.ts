/**
 * @jest-environment node
 *
 * Migration 013 keeps the new date reads on indexes: the owner's dueDate filters and sorts (undated
 * last both ways on PostgreSQL, from an index in either direction), a series' occurrences, and the
 * reminders the scheduler claims. It also goes down and up again on a database holding todos.
 */
import { down, up } from '../../../../src/server/db/migrations/013-dates-and-series';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../support/databases';
import { queryPlan } from '../../support/query-plan';

const PLANS: [string, RegExp, 'sqlite' | 'postgres' | 'both'][] = [
  [
    "select id from todos where owner_id = 1 and deleted_at is null and due_date < '2026-12-01' order by due_date, id limit 25",
    /todos_owner_due/,
    'both',
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by due_date asc nulls last, id asc limit 25',
    /Index Only Scan using todos_owner_due /,
    'postgres',
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by due_date desc nulls last, id desc limit 25',
    /Index Only Scan using todos_owner_due_desc/,
    'postgres',
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by due_date is null, due_date asc, id asc limit 25',
    /COVERING INDEX todos_owner_due_asc/,
    'sqlite',
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by due_date is null, due_date desc, id desc limit 25',
    /COVERING INDEX todos_owner_due_desc/,
    'sqlite',
  ],
  ["select id from todos where owner_id = 1 and series_id = 'abc'", /todos_owner_series/, 'both'],
  [
    "select id from todos where reminded_at is null and remind_at <= '2026-12-01' and remind_at > '2026-11-30'",
    /todos_reminders_due/,
    'both',
  ],
];

describe.each(dialectsUnderTest())('migration 013 on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  it.each(PLANS.filter(([, , on]) => on === 'both' || on === dialect))(
    'serves %s from an index',
    async (query, expected) => {
      const plan = await queryPlan(database.handle.db, dialect, query);
      expect(plan).toMatch(expected);
      expect(plan).not.toMatch(/SCAN todos$|Seq Scan/m);
    },
  );

  it('goes down and up again, keeping the todos (undated, no series)', async () => {
    const db = database.handle.db;
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({
        username: 'm13',
        username_key: 'm13',
        email: 'm13@example.com',
        password_hash: 'x',
        provider: 'local',
        confirmed: 1,
        blocked: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('todos')
      .values({
        owner_id: user.id,
        title: 'Kept',
        title_key: 'kept',
        description: null,
        completed: 0,
        created_at: now,
        updated_at: now,
        due_date: '2026-12-05',
      })
      .execute();
    await down(db);
    await up(db);
    const rows = await db
      .selectFrom('todos')
      .select(['title', 'due_date', 'series_id', 'followed'])
      .execute();
    expect(rows).toEqual([{ title: 'Kept', due_date: null, series_id: null, followed: 0 }]);
  });
});
