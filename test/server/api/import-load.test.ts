/**
 * @jest-environment node
 *
 * A large import shares the server: while one user's file is read, checked and written, the health
 * check and other users' calls keep being answered, and the file still lands all or nothing.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(180_000);

/** A CSV export of `count` todos, every fifth one dated and every tenth a recurring occurrence. */
function csvOf(count: number, badRow?: number): string {
  const lines = ['title,description,completed,dueDate,recurrence,seriesId'];
  for (let i = 1; i <= count; i++) {
    const dated = i % 5 === 0 ? `2026-12-${String(1 + (i % 28)).padStart(2, '0')}` : '';
    const series = i % 10 === 0 ? `FREQ=WEEKLY,s${(i / 10) % 30}` : ',';
    lines.push(
      `${i === badRow ? '' : `Imported ${i}`},note ${i},${i % 2 ? 'true' : 'false'},${dated},${series}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const jsonOf = (count: number, badRow?: number) =>
  JSON.stringify({
    todos: Array.from({ length: count }, (_, i) => ({
      title: i + 1 === badRow ? ' ' : `Imported ${i + 1}`,
      completed: i % 2 === 0,
    })),
  });

/** What an import keeps while it runs, left over: staged rows and batches (anyone's), the owner's series. */
async function leftovers(t: TestApp, ownerId: number): Promise<number[]> {
  const db = t.database.handle.db;
  const count = (table: 'import_rows' | 'import_batches' | 'todo_series', ownedBy?: number) => {
    const rows = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    return (ownedBy === undefined ? rows : rows.where('owner_id', '=', ownedBy))
      .executeTakeFirst()
      .then((row) => Number(row?.n));
  };
  return Promise.all([
    count('import_rows'),
    count('import_batches'),
    count('todo_series', ownerId),
  ]);
}

describeEachDialect('a large import and everyone else', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const importFile = (session: Session, payload: string, type: string) =>
    call(t.app, session, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload,
    });
  const liveCount = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
      .total as number;

  /**
   * Runs `work` while a chain of calls goes on, each sent when the one before is answered (the health
   * check, then a page of another user's list): how many were answered before `work` finished.
   */
  async function answeredDuring<T>(
    other: Session,
    work: () => Promise<T>,
  ): Promise<{ result: T; answered: number }> {
    let finished = false;
    let answered = 0;
    const probes = (async () => {
      for (let i = 0; !finished; i++) {
        // A call a turn of the event loop, as calls from the network come: inject alone may answer in microtasks only.
        await nextTurn();
        const answer =
          i % 2 === 0
            ? await t.app.inject({ url: '/api/health' })
            : await call(t.app, other, { method: 'GET', url: '/api/todos?pagination[pageSize]=5' });
        expect(answer.statusCode).toBe(200);
        if (!finished) answered += 1;
      }
    })();
    const result = await work();
    finished = true;
    await probes;
    return { result, answered };
  }

  it.each([
    ['csv', 'text/csv', csvOf],
    ['json', 'application/json', jsonOf],
  ])(
    'answers others while it reads a %s file whose last row is bad, then refuses it whole',
    async (_format, type, file) => {
      const ann = await register(t.app, credentials('bigbad'));
      const bob = await register(t.app, credentials('bystander'));
      await createTodo(t.app, bob, { title: 'Bob’s own' });
      const rows = 50_000;
      const { result, answered } = await answeredDuring(bob, () =>
        importFile(ann, file(rows, rows - 1), type),
      );
      expect([result.statusCode, result.json().error.message]).toEqual([
        400,
        `Row ${rows - 1}: Title is required`,
      ]);
      // Read in slices that give way: the chain is answered many times over before the refusal.
      expect(answered).toBeGreaterThanOrEqual(20);
      expect(await liveCount(ann)).toBe(0);
      expect(await leftovers(t, ann.user.id)).toEqual([0, 0, 0]);
    },
  );

  it('answers others while a maximal file is written, and shows all of it at once', async () => {
    const cat = await register(t.app, credentials('bigimport'));
    const bob = await register(t.app, credentials('bystander'));
    const rows = 50_000;
    const { result, answered } = await answeredDuring(bob, () =>
      importFile(cat, csvOf(rows), 'text/csv'),
    );
    expect([result.statusCode, result.json()]).toEqual([200, { data: { imported: rows } }]);
    expect(answered).toBeGreaterThanOrEqual(20);
    expect(await liveCount(cat)).toBe(rows);
    // 30 series keys in the file: one series each, and no staged row kept.
    expect(await leftovers(t, cat.user.id)).toEqual([0, 0, 30]);
  });
});

describeEachDialect('a large import and the todo limit', (dialect) => {
  let t: TestApp;
  const LIMIT = 20_001;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('lets the owner’s creates through while it is written; at the limit it is refused whole, leaving nothing behind', async () => {
    const dee = await register(t.app, credentials('racer'));
    const rows = LIMIT - 1;
    const importing = call(t.app, dee, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': 'text/csv' },
      payload: csvOf(rows),
    });
    let created = 0;
    let imported = false;
    void importing.then(() => (imported = true));
    // Once the file is being written, two creates: the first fits, the second takes the import's room.
    const staging = () =>
      t.database.handle.db
        .selectFrom('import_batches')
        .select('id')
        .where('owner_id', '=', dee.user.id)
        .executeTakeFirst();
    while (!imported && !(await staging())) await nextTurn();
    while (created < 2 && !imported) {
      await nextTurn();
      const answer = await call(t.app, dee, {
        method: 'POST',
        url: '/api/todos',
        payload: { data: { title: `made meanwhile ${created}` } },
      });
      if (!imported) {
        expect(answer.statusCode).toBe(200);
        created += 1;
      }
    }
    expect(imported).toBe(false);
    const answer = await importing;
    expect([answer.statusCode, answer.json().error.message]).toEqual([403, 'Todo limit reached']);
    const list = (await call(t.app, dee, { method: 'GET', url: '/api/todos' })).json();
    expect(list.meta.pagination.total).toBe(2);
    expect(await leftovers(t, dee.user.id)).toEqual([0, 0, 0]);
  });
});
