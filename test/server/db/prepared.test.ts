/**
 * @jest-environment node
 *
 * Prepared shapes (db/prepared): compiled once, then every call must see its own values — a shape
 * that replayed an earlier call's value would hand one user another user's rows.
 */
import { sql } from 'kysely';
import { isPlannedOnce, prepared, preparedStatementName } from '../../../src/server/db/prepared';
import { createUser } from '../../../src/server/users/repository';
import { createTodo } from '../../../src/server/todos/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(60_000);

describe.each(dialectsUnderTest())('prepared queries on %s', (dialect) => {
  let database: TestDatabase;
  const owners: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    for (const name of ['ada', 'bob']) {
      const user = await createUser(db, { username: name, email: `${name}@example.com`, passwordHash: 'x' });
      owners.push(user.id);
      for (const title of [`${name} one`, `${name} two`, `${name} three`]) {
        await createTodo(db, user.id, { title, description: null, completed: title.endsWith('two') });
      }
    }
  });
  afterAll(() => database?.dispose());

  const titlesOf = (db: TestDatabase['handle']['db']) =>
    prepared(db, 'test.titles', (param) =>
      db.selectFrom('todos').select('title').where('owner_id', '=', param(0)).where('completed', '=', param(1)).orderBy('id'),
    );

  it('binds each call’s own values to the shape compiled by the first call', async () => {
    const { db } = database.handle;
    const [ada, bob] = owners as [number, number];
    expect((await titlesOf(db)([ada, 0])).map((row) => row.title)).toEqual(['ada one', 'ada three']);
    expect((await titlesOf(db)([bob, 0])).map((row) => row.title)).toEqual(['bob one', 'bob three']);
    expect((await titlesOf(db)([bob, 1])).map((row) => row.title)).toEqual(['bob two']);
    expect(titlesOf(db)).toBe(titlesOf(db));
  });

  it('keeps placeholders in their SQL order whatever order the builder asks for them', async () => {
    const { db } = database.handle;
    const [ada] = owners as [number, number];
    const run = prepared(db, 'test.reordered', (param) =>
      db.selectFrom('todos').select('title').where('completed', '=', param(1)).where('owner_id', '=', param(0)).orderBy('id').limit(param(2)),
    );
    expect((await run([ada, 0, 1])).map((row) => row.title)).toEqual(['ada one']);
  });

  it('refuses a shape that captured a value instead of a param, and a call with the wrong number of values', async () => {
    const { db } = database.handle;
    const [ada] = owners as [number, number];
    expect(() =>
      prepared(db, 'test.captured', (param) => db.selectFrom('todos').select('id').where('owner_id', '=', ada).where('completed', '=', param(0))),
    ).toThrow(/not a param/);
    const run = prepared(db, 'test.literal', (param) =>
      db.selectFrom('todos').select('id').where('owner_id', '=', param(0)).where('completed', '=', sql.lit(1)),
    );
    expect(await run([ada])).toHaveLength(1);
    expect(() => run([ada, 1])).toThrow(/takes 1 values, got 2/);
  });

  it('waits for an open transaction instead of joining it: a write it acknowledges survives that transaction’s rollback', async () => {
    const { db } = database.handle;
    const [ada] = owners as [number, number];
    const countTitled = (title: string) =>
      db.selectFrom('todos').select((eb) => eb.fn.countAll<number>().as('n')).where('title', '=', title).executeTakeFirstOrThrow();
    let concurrent: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('todos').values({ owner_id: ada, title: 'rolled back', title_key: 'rolled back', completed: 0, created_at: 'x', updated_at: 'x' }).execute();
        // A prepared write (createTodo) from another request, while this transaction is open.
        concurrent = createTodo(db, ada, { title: 'acknowledged', description: null, completed: false });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await concurrent;
    expect(Number((await countTitled('rolled back')).n)).toBe(0);
    expect(Number((await countTitled('acknowledged')).n)).toBe(1);
  });
});

const onPostgres = dialectsUnderTest().includes('postgres') ? describe : describe.skip;

// Before 'statement names', which uses up the names: a shape without one runs unnamed, planned on every run.
onPostgres('plans on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.dispose());

  it('runs a shape marked planOnce on connections that keep one generic plan, any other where PostgreSQL chooses', async () => {
    const { db } = database.handle;
    const planMode = (planOnce: boolean) =>
      prepared(db, `test.plan-mode.${planOnce}`, () => db.selectNoFrom(sql<string>`current_setting('plan_cache_mode')`.as('mode')), { planOnce });
    // Twice each: a connection opened for the first call and one reused keep their setting.
    for (let i = 0; i < 2; i++) {
      expect(await planMode(true)([])).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await planMode(false)([])).toEqual([{ mode: 'auto' }]);
    }
    // Kysely's own queries are planned as PostgreSQL chooses.
    expect((await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db)).rows).toEqual([{ mode: 'auto' }]);
  });
});

describe('statement names', () => {
  it('names a bounded number of SQL texts, so PostgreSQL connections never keep an endless number prepared', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      const { db } = database.handle;
      const texts = Array.from({ length: 300 }, (_, i) =>
        prepared(db, `test.names.${i}`, (param) => db.selectFrom('todos').select('id').where('owner_id', '=', param(0)).limit(sql.lit(i + 1))),
      ).map((_run, i) => `select "id" from "todos" where "owner_id" = ? limit ${i + 1}`);
      const named = texts.map(preparedStatementName).filter((name) => name !== undefined);
      expect(named.length).toBeGreaterThan(0);
      expect(named.length).toBeLessThan(texts.length);
      expect(new Set(named).size).toBe(named.length);
      expect(preparedStatementName(texts.at(-1)!)).toBeUndefined();
      // A plan-once shape left without a name is planned on every run like any unnamed statement.
      prepared(db, 'test.names.unnamed-plan-once', () => db.selectFrom('todos').select('id').limit(sql.lit(1000)), { planOnce: true });
      const unnamed = 'select "id" from "todos" limit 1000';
      expect(preparedStatementName(unnamed)).toBeUndefined();
      expect(isPlannedOnce(unnamed)).toBe(false);
    } finally {
      await database.dispose();
    }
  });
});
