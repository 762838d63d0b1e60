/**
 * @jest-environment node
 *
 * A title search finds exactly the owner's todos whose title contains the needle, ignoring case
 * (Unicode lower case, as the contract says), for needles of any length and made of characters
 * that have tripped searches before: LIKE's own, case folding that changes length, combining marks
 * and astral ones. The total, the rows and their title order must equal what JavaScript works out,
 * on each database, and another owner's todos never show.
 */
import fc from 'fast-check';
import type { TodoRow } from '../../../src/server/db/types';
import { listTodos } from '../../../src/server/todos/list';
import * as v from 'valibot';
import { listQuerySchema } from '../../../src/shared/list-query';
import { createTodo } from '../../../src/server/todos/repository';
import { titleKey } from '../../../src/shared/title-key';
import { createUser } from '../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(300_000);

const TRICKY = [
  'a',
  'r',
  'e',
  'R',
  'E',
  'x',
  'É',
  'é',
  'e\u0301',
  '\u0301',
  '%',
  '_',
  '\\',
  ' ',
  '😀',
  'İ',
  'ß',
  '\u212A',
];
const character = fc.constantFrom(...TRICKY);
const title = fc
  .string({ unit: character, minLength: 1, maxLength: 8 })
  .filter((text) => text.trim() !== '');

/** Code-point order, as both databases compare title keys (SQLite's BINARY, PostgreSQL's "C"). */
const byKeyThenId = (a: TodoRow, b: TodoRow) => {
  const [x, y] = [
    [...a.title_key].map((c) => c.codePointAt(0)!),
    [...b.title_key].map((c) => c.codePointAt(0)!),
  ];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length || a.id - b.id;
};

describe.each(dialectsUnderTest())('title search on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  it('lists exactly the todos whose title contains the needle, in title order, with the exact total', async () => {
    const { db } = database.handle;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(title, { minLength: 1, maxLength: 25 }),
        fc.array(fc.string({ unit: character, minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.array(
          fc.record({ todo: fc.nat(), at: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }),
          { maxLength: 4 },
        ),
        async (titles, typed, cuts) => {
          run += 1;
          const [mine, other] = await Promise.all(
            ['me', 'other'].map((who) =>
              createUser(db, {
                username: `s${run}${who}`,
                email: `s${run}${who}@example.com`,
                passwordHash: 'x',
              }),
            ),
          );
          const todos: TodoRow[] = [];
          for (const [i, text] of titles.entries()) {
            todos.push(
              await createTodo(db, mine!.id, {
                title: text,
                description: null,
                completed: i % 2 === 0,
              }),
            );
            await createTodo(db, other!.id, { title: text, description: null, completed: false });
          }
          // Needles typed by a user, and ones cut out of the stored titles (so that some match).
          const needles = [
            ...typed,
            ...cuts.map(({ todo, at, length }) => {
              const chars = [...todos[todo % todos.length]!.title];
              const start = at % chars.length;
              return chars.slice(start, start + length).join('');
            }),
          ];
          for (const needle of needles) {
            const expected = todos
              .filter((todo) => todo.title_key.includes(titleKey(needle)))
              .sort(byKeyThenId);
            const query = v.parse(listQuerySchema, {
              filters: { title: { $contains: needle } },
              sort: 'title:asc',
              pagination: { pageSize: '100' },
            });
            const listed = await listTodos(db, mine!.id, query);
            expect([needle, listed.total]).toEqual([needle, expected.length]);
            expect([needle, listed.rows.map((row) => row.id)]).toEqual([
              needle,
              expected.map((todo) => todo.id),
            ]);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('treats LIKE wildcards and the escape character as plain text', async () => {
    const { db } = database.handle;
    const owner = await createUser(db, {
      username: 'wild',
      email: 'wild@example.com',
      passwordHash: 'x',
    });
    for (const text of [
      '100% sure',
      '100 percent',
      'snake_case',
      'snakeXcase',
      'back\\slash',
      'backslash',
    ]) {
      await createTodo(db, owner.id, { title: text, description: null, completed: false });
    }
    const titlesFor = async (needle: string) =>
      (
        await listTodos(
          db,
          owner.id,
          v.parse(listQuerySchema, { filters: { title: { $contains: needle } } }),
        )
      ).rows.map((row) => row.title);
    expect(await titlesFor('0%')).toEqual(['100% sure']);
    expect(await titlesFor('e_c')).toEqual(['snake_case']);
    expect(await titlesFor('k\\s')).toEqual(['back\\slash']);
  });
});
