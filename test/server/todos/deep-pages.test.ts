/**
 * @jest-environment node
 *
 * Every page of a list, near its start and far into it, with or without a title search, must hold
 * exactly the rows of one ordering of the owner's todos, for every sort order and filter, and never
 * another user's.
 */
import { createTodo } from '../../../src/server/todos/repository';
import { listTodos } from '../../../src/server/todos/list';
import { type ListQuery, type SortKey } from '../../../src/shared/list-query';
import { createUser } from '../../../src/server/users/repository';
import type { TodoRow } from '../../../src/server/db/types';
import { titleContains, titleKey } from '../../../src/shared/title-key';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(120_000);

const TODOS = 330;
const WORDS = ['Alpha', 'bravo', 'CHARLIE', 'delta', 'Echo', 'foxtrot', 'golf'];

type Field = SortKey['field'];
const valueOf: Record<Field, (row: TodoRow) => string | number> = {
  createdAt: (row) => row.created_at,
  updatedAt: (row) => row.updated_at,
  title: (row) => titleKey(row.title),
  completed: (row) => row.completed,
  dueDate: (row) => row.due_date ?? '',
  priority: (row) => row.priority,
  position: (row) => row.position,
  id: (row) => row.id,
};

/** The order the API promises: the keys, then the id in the first key's direction. */
function expectedOrder(rows: TodoRow[], sort: SortKey[]): TodoRow[] {
  const keys = sort.some((key) => key.field === 'id')
    ? sort
    : [...sort, { field: 'id' as const, direction: sort[0]!.direction }];
  return [...rows].sort((a, b) => {
    for (const { field, direction } of keys) {
      const [x, y] = [valueOf[field](a), valueOf[field](b)];
      // Undated todos come last in both directions.
      if (field === 'dueDate' && (x === '') !== (y === '')) return x === '' ? 1 : -1;
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  });
}

describe.each(dialectsUnderTest())('deep pages on %s', (dialect) => {
  let database: TestDatabase;
  let ownerId: number;
  const mine: TodoRow[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'deep',
      email: 'deep@example.com',
      passwordHash: 'x',
    });
    const other = await createUser(db, {
      username: 'other',
      email: 'other@example.com',
      passwordHash: 'x',
    });
    ownerId = owner.id;
    // Few distinct titles, creation times shared by pairs, completion every third: many ties.
    for (let i = 0; i < TODOS; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 2)));
      const title = `${WORDS[(i * 5) % WORDS.length]} ${i % 4}`;
      // A few due dates shared by many todos, and every fifth undated; four priorities, many ties.
      const dueDate = i % 5 === 0 ? null : `2026-12-0${(i % 7) + 1}`;
      const priority = (i * 7) % 4;
      // Every other todo placed among a few shared positions, the rest at their ids: ties again.
      const position = i % 2 === 0 ? (i * 13) % 40 : undefined;
      mine.push(
        await createTodo(
          db,
          owner.id,
          { title, description: null, completed: i % 3 === 0, dueDate, priority, position },
          { now: at },
        ),
      );
      if (i % 4 === 0)
        await createTodo(db, other.id, { title, description: null, completed: false }, { now: at });
    }
  });
  afterAll(() => database?.dispose());

  const sorts: SortKey[][] = [
    [{ field: 'createdAt', direction: 'asc' }],
    [{ field: 'title', direction: 'desc' }],
    [{ field: 'title', direction: 'asc' }],
    [
      { field: 'completed', direction: 'desc' },
      { field: 'title', direction: 'asc' },
    ],
    [{ field: 'updatedAt', direction: 'desc' }],
    [{ field: 'id', direction: 'desc' }],
    [{ field: 'dueDate', direction: 'asc' }],
    [
      { field: 'dueDate', direction: 'desc' },
      { field: 'title', direction: 'asc' },
    ],
    [{ field: 'priority', direction: 'desc' }],
    [
      { field: 'priority', direction: 'asc' },
      { field: 'dueDate', direction: 'asc' },
    ],
    [{ field: 'position', direction: 'asc' }],
    [
      { field: 'position', direction: 'desc' },
      { field: 'title', direction: 'asc' },
    ],
  ];

  it.each(
    sorts.map(
      (sort) => [sort.map((key) => `${key.field}:${key.direction}`).join(','), sort] as const,
    ),
  )(
    'pages by %s hold every row once, in order, on both sides of the two-step read',
    async (_name, sort) => {
      const expected = expectedOrder(mine, sort).map((row) => row.id);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(TODOS / 10); page++) {
        const query: ListQuery = {
          pagination: { kind: 'page', page, pageSize: 10 },
          titleContains: [],
          completed: undefined,
          dueDate: [],
          priority: [],
          project: [],
          labels: [],
          sort,
          populate: {},
        };
        const { rows, total } = await listTodos(database.handle.db, ownerId, query);
        expect(total).toBe(TODOS);
        seen.push(...rows.map((row) => row.id));
      }
      expect(seen).toEqual(expected);
      // An offset page that starts inside a run of equal keys, far past the switch.
      const query: ListQuery = {
        pagination: { kind: 'offset', start: 203, limit: 17 },
        titleContains: [],
        completed: undefined,
        dueDate: [],
        priority: [],
        project: [],
        labels: [],
        sort,
        populate: {},
      };
      const { rows } = await listTodos(database.handle.db, ownerId, query);
      expect(rows.map((row) => row.id)).toEqual(expected.slice(203, 220));
    },
  );

  it('keeps filters on deep pages: a search and a completion filter', async () => {
    const sort: SortKey[] = [{ field: 'title', direction: 'desc' }];
    const matching = mine.filter((row) => titleContains(row.title, 'o') && row.completed === 0);
    const expected = expectedOrder(matching, sort).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(110);
    const query: ListQuery = {
      pagination: { kind: 'offset', start: 100, limit: 100 },
      titleContains: ['O'],
      completed: false,
      dueDate: [],
      priority: [],
      project: [],
      labels: [],
      sort,
      populate: {},
    };
    const { rows, total } = await listTodos(database.handle.db, ownerId, query);
    expect(total).toBe(expected.length);
    expect(rows.map((row) => row.id)).toEqual(expected.slice(100, 200));
  });

  it.each(['asc', 'desc'] as const)(
    'holds the matching rows in order on the first pages of a title search sorted by title:%s',
    async (direction) => {
      const sort: SortKey[] = [{ field: 'title', direction }];
      const matching = mine.filter((row) => titleContains(row.title, 'ha'));
      const expected = expectedOrder(matching, sort).map((row) => row.id);
      expect(expected.length).toBeGreaterThan(30);
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const query: ListQuery = {
          pagination: { kind: 'page', page, pageSize: 10 },
          titleContains: ['HA'],
          completed: undefined,
          dueDate: [],
          priority: [],
          project: [],
          labels: [],
          sort,
          populate: {},
        };
        const { rows, total } = await listTodos(database.handle.db, ownerId, query);
        expect(total).toBe(matching.length);
        seen.push(...rows.map((row) => row.id));
      }
      expect(seen).toEqual(expected.slice(0, 30));
    },
  );

  it('answers a deep page past the end with no rows and the true total', async () => {
    const query: ListQuery = {
      pagination: { kind: 'page', page: 50, pageSize: 10 },
      titleContains: [],
      completed: undefined,
      dueDate: [],
      priority: [],
      project: [],
      labels: [],
      sort: sorts[1]!,
      populate: {},
    };
    expect(await listTodos(database.handle.db, ownerId, query)).toEqual({ rows: [], total: TODOS });
  });
});
