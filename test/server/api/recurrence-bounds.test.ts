/**
 * @jest-environment node
 *
 * A series' work is bounded: dates are refused outside 1900-01-01..2200-12-31 (create, update,
 * import, a rule's UNTIL), and the next occurrence is found from the occurrence, not the anchor, so
 * completing, skipping or bulk-completing an occurrence 300 years from its anchor asks rrule for a
 * handful of dates; past 2200-12-31 the series ends and the answer's meta says so.
 */
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { datesProduced } from '../support/rrule-work';

/** Far fewer than the ~110,000 days of a 300-year walk from the anchor. */
const FEW = 20;
const ENDED = {
  ended: true,
  message:
    'This series has ended: its next date would be after 2200-12-31, the last due date a todo may have',
};

describeEachDialect('bounded recurrence', (dialect) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await register(t.app, credentials('Bounds'));
  });
  afterAll(() => t.close());

  const post = (data: Record<string, unknown>) =>
    call(t.app, session, { method: 'POST', url: '/api/todos', payload: { data } });
  const put = (id: number, data: Record<string, unknown>, query = '') =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}${query}`, payload: { data } });
  const importFile = (todos: object[]) =>
    call(t.app, session, { method: 'POST', url: '/api/todos/import', payload: { todos } });
  const occurrences = async (seriesId: string | null | undefined): Promise<TodoEntity[]> => {
    const response = await call(t.app, session, {
      method: 'GET',
      url: '/api/todos?sort=dueDate:asc&pagination[pageSize]=100',
    });
    return response
      .json<{ data: TodoEntity[] }>()
      .data.filter((todo) => todo.attributes.seriesId === seriesId);
  };
  const dueDates = (todos: TodoEntity[]) =>
    todos.map((todo) => [todo.attributes.dueDate, todo.attributes.completed]);
  /** A daily series anchored on 1900-01-01 whose first occurrence is moved (scope=this) to `moved`. */
  const movedSeries = async (title: string, moved: string) => {
    const first = await createTodo(t.app, session, {
      title,
      dueDate: '1900-01-01',
      recurrence: 'FREQ=DAILY',
    });
    expect((await put(first.id, { dueDate: moved }, '?scope=this')).statusCode).toBe(200);
    return first;
  };

  it.each([['0001-01-01'], ['9999-12-30'], ['1899-12-31'], ['2201-01-01']])(
    'refuses the due date %s on create and update with a 400',
    async (dueDate) => {
      const message = 'dueDate must be a date from 1900-01-01 to 2200-12-31';
      const created = await post({ title: 'Far', dueDate, recurrence: 'FREQ=DAILY' });
      expect(created.statusCode).toBe(400);
      expect(created.json().error.details.errors[0]).toMatchObject({ path: ['dueDate'], message });
      const todo = await createTodo(t.app, session, {
        title: 'Near',
        dueDate: '2026-12-07',
        recurrence: 'FREQ=DAILY',
      });
      for (const scope of ['this', 'following']) {
        const updated = await put(todo.id, { dueDate }, `?scope=${scope}`);
        expect(updated.statusCode).toBe(400);
        expect(updated.json().error.details.errors[0]).toMatchObject({
          path: ['dueDate'],
          message,
        });
      }
    },
  );

  it('takes the first and last days of the range, and refuses reminders and UNTIL outside it', async () => {
    expect(
      (await post({ title: 'First', dueDate: '1900-01-01', remindAt: '1900-01-01T00:00:00Z' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post({
          title: 'Last',
          dueDate: '2200-12-31',
          remindAt: '2200-12-31T23:59:59Z',
          recurrence: 'FREQ=DAILY;UNTIL=22001231',
        })
      ).statusCode,
    ).toBe(200);
    const reminder = await post({ title: 'Late reminder', remindAt: '2200-12-31T23:30:00-01:00' });
    expect(reminder.statusCode).toBe(400);
    expect(reminder.json().error.details.errors[0]).toMatchObject({
      path: ['remindAt'],
      message: 'remindAt must be a time from 1900-01-01 to 2200-12-31 (UTC)',
    });
    const until = await post({
      title: 'Long rule',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY;UNTIL=99991231',
    });
    expect(until.statusCode).toBe(400);
    expect(until.json().error.details.errors[0]).toMatchObject({
      path: ['recurrence'],
      message: 'recurrence UNTIL must be a date from 19000101 to 22001231',
    });
  });

  it('refuses an import row with a date outside the range, naming the row, and imports nothing', async () => {
    const total = async () =>
      (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
        .total as number;
    const before = await total();
    const response = await importFile([
      { title: 'Fine', dueDate: '2026-12-07' },
      { title: 'Far', dueDate: '9999-12-30', recurrence: 'FREQ=DAILY' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.errors[0]).toMatchObject({
      path: ['2', 'dueDate'],
      message: 'Row 2: dueDate must be a date from 1900-01-01 to 2200-12-31',
    });
    expect(await total()).toBe(before);
  });

  it('completes an occurrence moved 300 years from its anchor with a few dates of work: the next is the day after', async () => {
    const first = await movedSeries('Far daily', '2200-12-30');
    const done = await datesProduced(async () =>
      expect((await put(first.id, { completed: true })).statusCode).toBe(200),
    );
    expect(done).toBeLessThanOrEqual(FEW);
    expect(dueDates(await occurrences(first.attributes.seriesId))).toEqual([
      ['2200-12-30', true],
      ['2200-12-31', false],
    ]);
  });

  it('ends the series when its next date would be past 2200-12-31, and the completion’s meta says so', async () => {
    const first = await movedSeries('Last day', '2200-12-31');
    let answer: { statusCode: number; json(): { data: TodoEntity; meta: object } } | undefined;
    expect(
      await datesProduced(async () => (answer = await put(first.id, { completed: true }))),
    ).toBeLessThanOrEqual(FEW);
    expect(answer!.statusCode).toBe(200);
    expect(answer!.json()).toMatchObject({
      data: { id: first.id, attributes: { completed: true } },
      meta: { series: ENDED },
    });
    expect(dueDates(await occurrences(first.attributes.seriesId))).toEqual([['2200-12-31', true]]);
    // Ended for good: un-completing and completing again makes nothing either.
    await put(first.id, { completed: false });
    expect((await put(first.id, { completed: true })).json().meta).toEqual({});
    expect(await occurrences(first.attributes.seriesId)).toHaveLength(1);
  });

  it('skips (DELETE ?scope=this) a far-moved occurrence with a few dates of work, and says when that ends the series', async () => {
    const skipped = await movedSeries('Skip far', '2200-12-30');
    const remove = (id: number) =>
      call(t.app, session, { method: 'DELETE', url: `/api/todos/${id}?scope=this` });
    expect(
      await datesProduced(async () => expect((await remove(skipped.id)).json().meta).toEqual({})),
    ).toBeLessThanOrEqual(FEW);
    const [next] = await occurrences(skipped.attributes.seriesId);
    expect(next!.attributes.dueDate).toBe('2200-12-31');
    const last = await remove(next!.id);
    expect(last.statusCode).toBe(200);
    expect(last.json().meta).toEqual({ series: ENDED });
    expect(await occurrences(skipped.attributes.seriesId)).toHaveLength(0);
  });

  it('bulk-completes many far-moved occurrences with a few dates of work each', async () => {
    const firsts: TodoEntity[] = [];
    for (let i = 0; i < 5; i++) firsts.push(await movedSeries(`Bulk far ${i}`, '2200-12-30'));
    const bulk = () =>
      call(t.app, session, {
        method: 'POST',
        url: '/api/todos/bulk',
        payload: { action: 'complete', ids: firsts.map((todo) => todo.id) },
      });
    expect(
      await datesProduced(async () =>
        expect((await bulk()).json()).toEqual({ data: { count: 5 } }),
      ),
    ).toBeLessThanOrEqual(FEW * firsts.length);
    for (const first of firsts)
      expect(dueDates(await occurrences(first.attributes.seriesId))).toEqual([
        ['2200-12-30', true],
        ['2200-12-31', false],
      ]);
  });

  it('continues an imported series whose rows are 300 years apart with a few dates of work', async () => {
    // The file's last row (1900) is the series' anchor; the open 2200 row is completed.
    const rows = [
      { title: 'Imported far', dueDate: '2200-12-29', recurrence: 'FREQ=DAILY', seriesId: 'far' },
      {
        title: 'Imported far',
        dueDate: '1900-01-01',
        recurrence: 'FREQ=DAILY',
        completed: true,
        seriesId: 'far',
      },
    ];
    expect((await importFile(rows)).json()).toEqual({ data: { imported: 2 } });
    const listed = await call(t.app, session, {
      method: 'GET',
      url: '/api/todos?filters[title][$contains]=Imported far&pagination[pageSize]=10',
    });
    const open = listed
      .json<{ data: TodoEntity[] }>()
      .data.find((todo) => todo.attributes.dueDate === '2200-12-29')!;
    expect(
      await datesProduced(async () =>
        expect((await put(open.id, { completed: true })).statusCode).toBe(200),
      ),
    ).toBeLessThanOrEqual(FEW);
    expect(dueDates(await occurrences(open.attributes.seriesId))).toEqual([
      ['1900-01-01', true],
      ['2200-12-29', true],
      ['2200-12-30', false],
    ]);
  });

  it('ends at once a series stored before the range existed (anchor in year 1, an occurrence in 9999)', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Legacy',
      dueDate: '1900-01-01',
      recurrence: 'FREQ=DAILY',
    });
    const { db } = t.database.handle;
    await db
      .updateTable('todo_series')
      .set({ anchor: '0001-01-01' })
      .where('id', '=', first.attributes.seriesId!)
      .execute();
    await db
      .updateTable('todos')
      .set({ due_date: '9999-12-30' })
      .where('id', '=', first.id)
      .execute();
    let answer: { json(): { meta: object } } | undefined;
    expect(
      await datesProduced(async () => (answer = await put(first.id, { completed: true }))),
    ).toBeLessThanOrEqual(FEW);
    expect(answer!.json().meta).toEqual({ series: ENDED });
  });
});
