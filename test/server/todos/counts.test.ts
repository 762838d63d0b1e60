/**
 * @jest-environment node
 *
 * Whatever sequence of creates, updates, deletes and user deletions happens, every total the list
 * reports (with each filter) must equal a count of the owner's live rows that match (deletes move
 * todos to the trash, which no total counts), on each database, and never include another owner's rows.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import qs from 'qs';
import * as v from 'valibot';
import { listQuerySchema } from '../../../src/shared/list-query';
import { createTodo, updateTodo } from '../../../src/server/todos/repository';
import { trashTodo } from '../../../src/server/todos/trash';
import { listTodos } from '../../../src/server/todos/list';
import { createUser, deleteUser } from '../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(120_000);

type Op =
  | { kind: 'create'; owner: number; completed: boolean; title: string }
  | { kind: 'toggle'; owner: number; pick: number; completed: boolean }
  | { kind: 'rename'; owner: number; pick: number; title: string }
  | { kind: 'delete'; owner: number; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      owner: fc.nat(2),
      completed: fc.boolean(),
      title: fc.constantFrom('read', 'write', 'Rest', 'zzz'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toggle' as const),
      owner: fc.nat(2),
      pick: fc.nat(),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      owner: fc.nat(2),
      pick: fc.nat(),
      title: fc.constantFrom('re', 'done'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      owner: fc.nat(2),
      pick: fc.nat(),
    }),
  },
);

describe.each(dialectsUnderTest())('todo counts on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  const totals = async (ownerId: number) => {
    const { db } = database.handle;
    const list = async (filters: string) =>
      (await listTodos(db, ownerId, v.parse(listQuerySchema, qs.parse(filters)))).total;
    return {
      all: await list(''),
      completed: await list('filters[completed][$eq]=true'),
      pending: await list('filters[completed][$eq]=false'),
      search: await list('filters[title][$contains]=re'),
    };
  };

  const counted = async (ownerId: number) => {
    const { db } = database.handle;
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from todos where owner_id = ${ownerId} and deleted_at is null and ${where}`.execute(
            db,
          )
        ).rows[0]?.n,
      );
    return {
      all: await count(sql`1 = 1`),
      completed: await count(sql`completed = 1`),
      pending: await count(sql`completed = 0`),
      search: await count(sql`title_key like '%re%'`),
    };
  };

  it('every total equals a fresh count after any sequence of writes', async () => {
    const { db } = database.handle;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { maxLength: 40 }), async (ops) => {
        run += 1;
        const owners = [];
        for (let i = 0; i < 3; i++) {
          owners.push(
            await createUser(db, {
              username: `c${run}u${i}`,
              email: `c${run}u${i}@example.com`,
              passwordHash: 'x',
            }),
          );
        }
        const ids: number[][] = owners.map(() => []);
        for (const op of ops) {
          const owner = owners[op.owner]!;
          const mine = ids[op.owner]!;
          if (op.kind === 'create') {
            mine.push(
              (
                await createTodo(db, owner.id, {
                  title: op.title,
                  description: null,
                  completed: op.completed,
                })
              ).id,
            );
          } else if (mine.length > 0) {
            const id = mine[op.pick % mine.length]!;
            if (op.kind === 'toggle')
              await updateTodo(db, owner.id, id, { completed: op.completed });
            if (op.kind === 'rename') await updateTodo(db, owner.id, id, { title: op.title });
            if (op.kind === 'delete') {
              await trashTodo(db, owner.id, id);
              mine.splice(mine.indexOf(id), 1);
            }
          }
        }
        for (const [index, owner] of owners.entries()) {
          const expected = await counted(owner.id);
          expect(expected.all).toBe(ids[index]!.length);
          expect(await totals(owner.id)).toEqual(expected);
        }
        // Another owner's rows never move a total; a deleted owner's todos go with them.
        await deleteUser(db, owners[0]!.email);
        expect(await totals(owners[1]!.id)).toEqual(await counted(owners[1]!.id));
        expect(await totals(owners[0]!.id)).toEqual({
          all: 0,
          completed: 0,
          pending: 0,
          search: 0,
        });
      }),
      { numRuns: 25 },
    );
  });

  it('a page carries the same total as a page past the end, for every filter', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'pages',
      email: 'pages@example.com',
      passwordHash: 'x',
    });
    const other = await createUser(db, {
      username: 'pagesother',
      email: 'pagesother@example.com',
      passwordHash: 'x',
    });
    const titles = [
      'Read mail',
      'Rest',
      'write report',
      'zzz',
      'ready',
      'tree',
      'prepare',
      'Free time',
    ];
    for (const [i, title] of titles.entries()) {
      await createTodo(db, owner.id, { title, description: null, completed: i % 3 === 0 });
      await createTodo(db, other.id, { title, description: null, completed: true });
    }
    const expected = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from todos where owner_id = ${owner.id} and ${where}`.execute(db)
        ).rows[0]?.n,
      );
    // Each completion filter, needles of 1, 2 and 3 characters, and two needles at once.
    const lists: [string, ReturnType<typeof sql>][] = [
      ['', sql`1 = 1`],
      ['filters[completed][$eq]=true', sql`completed = 1`],
      ['filters[completed][$eq]=false', sql`completed = 0`],
      ['filters[title][$contains]=e', sql`title_key like '%e%'`],
      [
        'filters[title][$contains]=RE&filters[completed][$eq]=false',
        sql`title_key like '%re%' and completed = 0`,
      ],
      ['filters[title][$contains]=rea', sql`title_key like '%rea%'`],
      [
        'filters[title][$contains]=rea&filters[completed][$eq]=true',
        sql`title_key like '%rea%' and completed = 1`,
      ],
      [
        'filters[title][$contains]=e&filters[completed][$eq]=true',
        sql`title_key like '%e%' and completed = 1`,
      ],
      [
        'filters[title][$contains]=r&filters[title][$containsi]=E',
        sql`title_key like '%r%' and title_key like '%e%'`,
      ],
    ];
    for (const [filters, where] of lists) {
      const total = await expected(where);
      expect(total).toBeGreaterThan(0);
      const page = (pagination: string) =>
        listTodos(db, owner.id, v.parse(listQuerySchema, qs.parse(`${filters}&${pagination}`)));
      const first = await page('pagination[page]=1&pagination[pageSize]=2');
      expect([filters, first.total, first.rows.length]).toEqual([
        filters,
        total,
        Math.min(2, total),
      ]);
      const beyond = await page('pagination[page]=50&pagination[pageSize]=2');
      expect([filters, beyond.total, beyond.rows.length]).toEqual([filters, total, 0]);
      const deep = await page('pagination[start]=120&pagination[limit]=1');
      expect([filters, deep.total]).toEqual([filters, total]);
    }
  });

  it('a todo another process writes with plain SQL is counted too', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'sqlwriter',
      email: 'sqlwriter@example.com',
      passwordHash: 'x',
    });
    const now = new Date().toISOString();
    await db
      .insertInto('todos')
      .values(
        [true, false, true].map((completed, i) => ({
          owner_id: owner.id,
          title: `t${i}`,
          title_key: `t${i}`,
          description: null,
          completed: completed ? 1 : 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect(await totals(owner.id)).toEqual({ all: 3, completed: 2, pending: 1, search: 0 });
  });
});
