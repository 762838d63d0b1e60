/**
 * @jest-environment node
 *
 * Migration 009 keeps lists on the owner's indexes: live lists and counts read the partial
 * (deleted_at is null) indexes without touching table rows on SQLite, and the trash and its purge
 * have their own. Plans are read with EXPLAIN on an empty database (PostgreSQL told not to scan).
 */
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../../support/databases';
import { queryPlan } from '../../support/query-plan';

const PLANS: [string, RegExp][] = [
  [
    'select count(*) from todos where owner_id = 1 and deleted_at is null',
    /COVERING INDEX todos_owner_\w+|Index Only Scan using todos_owner_\w+/,
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is null order by created_at, id limit 25',
    /COVERING INDEX todos_owner_created|Index Only Scan using todos_owner_created/,
  ],
  [
    'select id from todos where owner_id = 1 and deleted_at is not null order by deleted_at desc, id desc limit 25',
    /todos_owner_trash/,
  ],
  ["delete from todos where deleted_at < '2026-01-01'", /todos_trash_expiry/],
];

describe.each(dialectsUnderTest())('migration 009 indexes on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  it.each(PLANS)('serves %s from an index', async (query, expected) => {
    const { db } = database.handle;
    const plan = await queryPlan(db, dialect, query);
    expect(plan).toMatch(expected);
    expect(plan).not.toMatch(/SCAN todos$|Seq Scan/m);
  });
});
