/**
 * @jest-environment node
 *
 * The list's totals come from counts that triggers keep (migration 016). Whatever sequence of API
 * writes two users make (creates at and past a small todo limit, recurring todos whose completion
 * makes the next occurrence, updates, deletes to the trash, restores, bulk actions, imports,
 * emptying the trash, the purge across owners, deleting the account), every total the list reports
 * equals a count of the rows, and so does the trash count the todo limit reads.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Session } from '../../../src/shared/api-types';
import { purgeTrash } from '../../../src/server/todos/trash';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(300_000);

const MAX_TODOS = 8;

type Op =
  | { kind: 'create'; owner: number; completed: boolean; recurring: boolean }
  | {
      kind: 'complete' | 'uncomplete' | 'rename' | 'delete' | 'restore';
      owner: number;
      pick: number;
    }
  | {
      kind: 'bulk';
      owner: number;
      action: 'complete' | 'uncomplete' | 'delete' | 'restore';
      picks: number[];
    }
  | { kind: 'import'; owner: number; completed: boolean[] }
  | { kind: 'emptyTrash'; owner: number }
  | { kind: 'purge'; owner: number };

const owner = fc.nat(1);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      owner,
      completed: fc.boolean(),
      recurring: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'complete' as const,
        'uncomplete' as const,
        'rename' as const,
        'delete' as const,
        'restore' as const,
      ),
      owner,
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bulk' as const),
      owner,
      action: fc.constantFrom(
        'complete' as const,
        'uncomplete' as const,
        'delete' as const,
        'restore' as const,
      ),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      owner,
      completed: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('emptyTrash' as const), owner }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('purge' as const), owner }) },
);

describeEachDialect('kept todo counts through every API write', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: String(MAX_TODOS) });
  });
  afterAll(() => t?.close());

  const ids = async (ownerId: number, trashed: boolean) =>
    (
      await t.database.handle.db
        .selectFrom('todos')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('deleted_at', trashed ? 'is not' : 'is', null)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
  const pickFrom = (list: number[], pick: number) =>
    list.length > 0 ? list[pick % list.length] : undefined;

  /** A fresh count of the rows, in the shape of the API's totals plus the trash. */
  const counted = async (ownerId: number) => {
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await sql<{
            n: number | string;
          }>`select count(*) as n from todos where owner_id = ${ownerId} and ${where}`.execute(
            t.database.handle.db,
          )
        ).rows[0]?.n,
      );
    return {
      all: await count(sql`deleted_at is null`),
      completed: await count(sql`deleted_at is null and completed = 1`),
      open: await count(sql`deleted_at is null and completed = 0`),
      trashed: await count(sql`deleted_at is not null`),
    };
  };
  const reported = async (session: Session) => {
    const total = async (query: string) =>
      (await call(t.app, session, { method: 'GET', url: `/api/todos?${query}` })).json().meta
        .pagination.total as number;
    const kept = await t.database.handle.db
      .selectFrom('owner_counts')
      .select('trashed_todos')
      .where('owner_id', '=', session.user.id)
      .executeTakeFirst();
    return {
      all: await total(''),
      // A page past the end reads the total alone.
      completed: await total('filters[completed][$eq]=true&pagination[page]=50'),
      open: await total('filters[completed][$eq]=false'),
      trashed: kept?.trashed_todos,
    };
  };

  async function apply(session: Session, op: Op): Promise<void> {
    const me = session.user.id;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(t.app, session, { method, url, payload });
    switch (op.kind) {
      case 'create': {
        const data = op.recurring
          ? { title: 'again', dueDate: '2026-12-01', recurrence: 'FREQ=DAILY;COUNT=3' }
          : { title: 'once', completed: op.completed };
        // At the limit a create is refused (403) unless trashed todos make room: both count.
        expect([200, 403]).toContain((await send('POST', '/api/todos', { data })).statusCode);
        return;
      }
      case 'complete':
      case 'uncomplete':
      case 'rename': {
        const id = pickFrom(await ids(me, false), op.pick);
        if (id === undefined) return;
        const data =
          op.kind === 'rename' ? { title: 'renamed' } : { completed: op.kind === 'complete' };
        expect((await send('PUT', `/api/todos/${id}`, { data })).statusCode).toBe(200);
        return;
      }
      case 'delete':
      case 'restore': {
        const id = pickFrom(await ids(me, op.kind === 'restore'), op.pick);
        if (id === undefined) return;
        const url = op.kind === 'delete' ? `/api/todos/${id}` : `/api/todos/${id}/restore`;
        expect((await send(op.kind === 'delete' ? 'DELETE' : 'POST', url)).statusCode).toBe(200);
        return;
      }
      case 'bulk': {
        const from = await ids(me, op.action === 'restore');
        const chosen = [...new Set(op.picks.map((pick) => pickFrom(from, pick)))];
        if (chosen[0] === undefined) return;
        const answer = await send('POST', '/api/todos/bulk', { action: op.action, ids: chosen });
        expect(answer.statusCode).toBe(200);
        return;
      }
      case 'import': {
        const todos = op.completed.map((completed, i) => ({ title: `imported ${i}`, completed }));
        expect([200, 403]).toContain(
          (await send('POST', '/api/todos/import', { todos })).statusCode,
        );
        return;
      }
      case 'emptyTrash':
        expect((await send('DELETE', '/api/todos/trash')).statusCode).toBe(204);
        return;
      case 'purge':
        // Every owner's trash at once, as the hourly job does when it expires.
        await purgeTrash(t.database.handle.db, 1, new Date(Date.now() + 2 * 86_400_000));
        return;
    }
  }

  it('every total equals a count of the rows after any sequence of writes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { maxLength: 25 }), async (ops) => {
        run += 1;
        const people = [credentials('counts'), credentials('counts')];
        const sessions = [
          await register(t.app, people[0], `10.0.${run}.1`),
          await register(t.app, people[1], `10.0.${run}.2`),
        ];
        for (const op of ops) {
          const session = sessions[op.owner]!;
          await apply(session, op);
          expect(await reported(session)).toEqual(await counted(session.user.id));
        }
        for (const session of sessions)
          expect(await reported(session)).toEqual(await counted(session.user.id));
        // The account goes with its todos and counts; the other owner's totals do not move.
        const [leaving, staying] = sessions;
        const gone = await call(t.app, leaving, {
          method: 'DELETE',
          url: '/api/users/me',
          payload: { password: people[0]!.password },
        });
        expect(gone.statusCode).toBeLessThan(300);
        const left = await t.database.handle.db
          .selectFrom('owner_counts')
          .selectAll()
          .where('owner_id', '=', leaving!.user.id)
          .execute();
        expect(left).toEqual([]);
        expect(await reported(staying!)).toEqual(await counted(staying!.user.id));
      }),
      { numRuns: 15 },
    );
  });
});
