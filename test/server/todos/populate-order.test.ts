/**
 * @jest-environment node
 *
 * users/me?populate=todos lists the todos oldest first (created_at, then id), whatever order they
 * were inserted in.
 */
import { toFlatTodo } from '../../../src/server/todos/present';
import { allTodos, createTodo } from '../../../src/server/todos/repository';
import { createUser } from '../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(60_000);

type Todo = { id: number; title: string; completed: boolean; createdAt: string };

/** The whole list as users/me?populate=todos answers it. */
async function listText(db: TestDatabase['handle']['db'], ownerId: number): Promise<string> {
  return JSON.stringify((await allTodos(db, ownerId, 10_000)).map(toFlatTodo));
}

describe.each(dialectsUnderTest())('populate order on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  it('orders by creation time, then id, not by insertion or id alone', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'order',
      email: 'order@example.com',
      passwordHash: 'x',
    });
    const other = await createUser(db, {
      username: 'other',
      email: 'other@example.com',
      passwordHash: 'x',
    });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    // Inserted newest first, with two todos sharing a creation time and another user's todo in between.
    const inserted: Array<[string, number]> = [
      ['d', 9],
      ['c', 5],
      ['b2', 3],
      ['b1', 3],
      ['a', 1],
    ];
    const ids = new Map<string, number>();
    for (const [title, n] of inserted) {
      ids.set(
        title,
        (
          await createTodo(
            db,
            owner.id,
            { title, description: null, completed: n === 5 },
            { now: day(n) },
          )
        ).id,
      );
      await createTodo(
        db,
        other.id,
        { title: `not mine ${title}`, description: null, completed: false },
        { now: day(n + 1) },
      );
    }
    const todos = JSON.parse(await listText(db, owner.id)) as Todo[];
    // b2 was inserted before b1 at the same time: the lower id comes first.
    expect(todos.map((todo) => todo.title)).toEqual(['a', 'b2', 'b1', 'c', 'd']);
    expect(todos.map((todo) => todo.id)).toEqual(
      ['a', 'b2', 'b1', 'c', 'd'].map((title) => ids.get(title)),
    );
    expect(todos.map((todo) => todo.completed)).toEqual([false, false, false, true, false]);
    expect(todos[0]?.createdAt).toBe(day(1).toISOString());
  });

  it('keeps that order in a long list with many equal creation times, every todo once', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'long',
      email: 'long@example.com',
      passwordHash: 'x',
    });
    // 450 todos, three to a creation second, inserted in a shuffled order (7 is prime to 450) so
    // that ids do not follow creation times; quotes and non-ASCII in the titles.
    const order = Array.from({ length: 450 }, (_, i) => (i * 7) % 450);
    const created: Array<Pick<Todo, 'id' | 'title' | 'createdAt'>> = [];
    for (const i of order) {
      const at = new Date(Date.UTC(2026, 1, 1, 0, 0, Math.floor(i / 3)));
      const row = await createTodo(
        db,
        owner.id,
        { title: `Todo "${i}" — é`, description: null, completed: false },
        { now: at },
      );
      created.push({ id: row.id, title: row.title, createdAt: at.toISOString() });
    }
    const expected = [...created].sort((a, b) =>
      a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1,
    );
    const todos = JSON.parse(await listText(db, owner.id)) as Todo[];
    expect(todos.map((todo) => todo.id)).toEqual(expected.map((todo) => todo.id));
    expect(todos.map((todo) => todo.title)).toEqual(expected.map((todo) => todo.title));
  });

  it('gives an empty array for a user without todos', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'empty',
      email: 'empty@example.com',
      passwordHash: 'x',
    });
    expect(JSON.parse(await listText(db, owner.id))).toEqual([]);
  });
});
