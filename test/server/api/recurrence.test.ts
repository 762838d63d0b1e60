/**
 * @jest-environment node
 *
 * Recurring todos kept as a series (issue 28): each occurrence is its own todo; completing one keeps
 * it and makes exactly one next occurrence (also when completions arrive at once), none after COUNT
 * or UNTIL; scope=this|following on PUT and DELETE.
 */
import type { Session, TodoAttributes, TodoEntity } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('recurring series', (dialect) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await register(t.app, credentials('Series'));
  });
  afterAll(() => t.close());

  const put = (id: number, data: Record<string, unknown>, query = '') =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}${query}`, payload: { data } });
  const complete = (id: number) => put(id, { completed: true });
  /** The series' todos, oldest due first (trash aside). */
  const occurrences = async (seriesId: string | null | undefined): Promise<TodoEntity[]> => {
    const response = await call(t.app, session, {
      method: 'GET',
      url: '/api/todos?sort=dueDate:asc&pagination[pageSize]=100',
    });
    return response
      .json<{ data: TodoEntity[] }>()
      .data.filter((todo) => todo.attributes.seriesId === seriesId);
  };
  const dates = (todos: TodoEntity[]) =>
    todos.map((todo) => [todo.attributes.dueDate, todo.attributes.completed]);

  it.each([
    ['FREQ=HOURLY'],
    ['FREQ=MONTHLY;BYMONTHDAY=15'],
    ['FREQ=MONTHLY;BYDAY=MO'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20261231'],
    ['FREQ=WEEKLY;INTERVAL=0'],
    ['FREQ=WEEKLY;BYDAY=XX'],
    ['FREQ=DAILY;UNTIL=20260230'],
    ['INTERVAL=2'],
    ['every monday'],
    [42],
  ])('refuses the recurrence %p with a 400', async (recurrence) => {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Bad rule', dueDate: '2026-12-07', recurrence } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      name: 'ValidationError',
      details: { errors: [expect.objectContaining({ path: ['recurrence'] })] },
    });
  });

  it('refuses a recurrence without a due date, on create and when a PUT would leave one', async () => {
    const created = await call(t.app, session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Undated rule', recurrence: 'FREQ=DAILY' } },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details.errors[0]).toMatchObject({
      path: ['recurrence'],
      message: 'A recurrence needs a dueDate',
    });
    const plain = await createTodo(t.app, session, { title: 'Plain' });
    expect((await put(plain.id, { recurrence: 'FREQ=DAILY' })).statusCode).toBe(400);
    const recurring = await createTodo(t.app, session, {
      title: 'Daily',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    expect((await put(recurring.id, { dueDate: null })).statusCode).toBe(400);
  });

  it('completing an occurrence keeps it and makes the next, with the same fields and a reminder as far from its date', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Water plants',
      description: 'the big ones',
      dueDate: '2026-12-07',
      remindAt: '2026-12-07T08:00:00Z',
      recurrence: 'freq=weekly',
    });
    expect(first.attributes).toMatchObject({
      recurrence: 'FREQ=WEEKLY',
      seriesId: expect.any(String),
    });
    const done = await complete(first.id);
    expect(done.json().data.attributes).toMatchObject({ completed: true, dueDate: '2026-12-07' });
    const [kept, next] = await occurrences(first.attributes.seriesId);
    expect(kept!.id).toBe(first.id);
    expect(next!.attributes).toMatchObject<Partial<TodoAttributes>>({
      title: 'Water plants',
      description: 'the big ones',
      completed: false,
      dueDate: '2026-12-14',
      remindAt: '2026-12-14T08:00:00.000Z',
      recurrence: 'FREQ=WEEKLY',
      seriesId: first.attributes.seriesId,
    });
    // Un-completing and completing again makes no other.
    await put(first.id, { completed: false });
    await complete(first.id);
    expect(await occurrences(first.attributes.seriesId)).toHaveLength(2);
  });

  it('follows BYDAY and INTERVAL', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Gym',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE',
    });
    await complete(first.id);
    const [, second] = await occurrences(first.attributes.seriesId);
    expect(second!.attributes.dueDate).toBe('2026-12-09');
    await complete(second!.id);
    expect((await occurrences(first.attributes.seriesId))[2]!.attributes.dueDate).toBe(
      '2026-12-21',
    );
  });

  it('a monthly series from Jan 31 falls on the last day of shorter months, and back on the 31st', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Rent',
      dueDate: '2027-01-31',
      recurrence: 'FREQ=MONTHLY',
    });
    for (let i = 0; i < 3; i++) {
      const open = (await occurrences(first.attributes.seriesId)).find(
        (todo) => !todo.attributes.completed,
      )!;
      await complete(open.id);
    }
    expect(dates(await occurrences(first.attributes.seriesId))).toEqual([
      ['2027-01-31', true],
      ['2027-02-28', true],
      ['2027-03-31', true],
      ['2027-04-30', false],
    ]);
  });

  it.each([
    ['weekly', 'FREQ=WEEKLY', '2026-12-14'],
    ['monthly', 'FREQ=MONTHLY', '2027-02-28'],
  ])(
    'makes one next occurrence of a %s series when completions arrive at once (PUT and bulk)',
    async (_name, recurrence, expected) => {
      const first = await createTodo(t.app, session, {
        title: `Race ${recurrence}`,
        dueDate: recurrence === 'FREQ=WEEKLY' ? '2026-12-07' : '2027-01-31',
        recurrence,
      });
      const bulk = () =>
        call(t.app, session, {
          method: 'POST',
          url: '/api/todos/bulk',
          payload: { action: 'complete', ids: [first.id] },
        });
      const answers = await Promise.all([
        complete(first.id),
        complete(first.id),
        bulk(),
        complete(first.id),
        bulk(),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const series = await occurrences(first.attributes.seriesId);
      expect(dates(series)).toEqual([
        [first.attributes.dueDate, true],
        [expected, false],
      ]);
    },
  );

  it('stops after COUNT occurrences and after UNTIL', async () => {
    const counted = await createTodo(t.app, session, {
      title: 'Twice',
      dueDate: '2026-12-01',
      recurrence: 'FREQ=DAILY;COUNT=2',
    });
    await complete(counted.id);
    const [, second] = await occurrences(counted.attributes.seriesId);
    await complete(second!.id);
    expect(dates(await occurrences(counted.attributes.seriesId))).toEqual([
      ['2026-12-01', true],
      ['2026-12-02', true],
    ]);
    const until = await createTodo(t.app, session, {
      title: 'Until',
      dueDate: '2026-12-01',
      recurrence: 'FREQ=WEEKLY;UNTIL=20261208',
    });
    await complete(until.id);
    const [, last] = await occurrences(until.attributes.seriesId);
    expect(last!.attributes.dueDate).toBe('2026-12-08');
    await complete(last!.id);
    expect(await occurrences(until.attributes.seriesId)).toHaveLength(2);
  });

  it('scope=this changes one occurrence; scope=following changes the template the next ones copy', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Standup',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    await put(first.id, { title: 'Standup (moved room)' }, '?scope=this');
    await complete(first.id);
    const second = (await occurrences(first.attributes.seriesId))[1]!;
    expect(second.attributes.title).toBe('Standup');
    const renamed = await put(
      second.id,
      { title: 'Daily sync', description: 'at 9' },
      '?scope=following',
    );
    expect(renamed.json().data.attributes).toMatchObject({
      title: 'Daily sync',
      description: 'at 9',
    });
    await complete(second.id);
    expect(
      (await occurrences(first.attributes.seriesId)).map((todo) => todo.attributes.title),
    ).toEqual(['Standup (moved room)', 'Daily sync', 'Daily sync']);
    expect((await put(second.id, { title: 'x' }, '?scope=all')).statusCode).toBe(400);
  });

  it('scope=following with a new rule repeats by it from this occurrence; with null the series ends', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Review',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
    });
    await complete(first.id);
    const second = (await occurrences(first.attributes.seriesId))[1]!;
    expect(
      (await put(second.id, { recurrence: 'FREQ=DAILY;COUNT=2' }, '?scope=following')).json().data
        .attributes.recurrence,
    ).toBe('FREQ=DAILY;COUNT=2');
    await complete(second.id);
    const third = (await occurrences(first.attributes.seriesId))[2]!;
    expect(third.attributes).toMatchObject({
      dueDate: '2026-12-15',
      recurrence: 'FREQ=DAILY;COUNT=2',
    });
    // COUNT=2 counts from the change: this was the second, so none follows it.
    await complete(third.id);
    expect(await occurrences(first.attributes.seriesId)).toHaveLength(3);

    const other = await createTodo(t.app, session, {
      title: 'Stop me',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    const stopped = await put(other.id, { recurrence: null }, '?scope=following');
    expect(stopped.json().data.attributes).toMatchObject({
      recurrence: null,
      seriesId: other.attributes.seriesId,
    });
    await complete(other.id);
    expect(await occurrences(other.attributes.seriesId)).toHaveLength(1);
  });

  it('moving an occurrence with scope=following moves the rule; with scope=this the next one keeps the old day', async () => {
    const weekly = await createTodo(t.app, session, {
      title: 'Mondays',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
    });
    await put(weekly.id, { dueDate: '2026-12-08' }, '?scope=this');
    await complete(weekly.id);
    expect((await occurrences(weekly.attributes.seriesId))[1]!.attributes.dueDate).toBe(
      '2026-12-14',
    );
    const moved = await createTodo(t.app, session, {
      title: 'Now Tuesdays',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
    });
    await put(moved.id, { dueDate: '2026-12-08' }, '?scope=following');
    await complete(moved.id);
    expect((await occurrences(moved.attributes.seriesId))[1]!.attributes.dueDate).toBe(
      '2026-12-15',
    );
  });

  it('a completion replayed with its Idempotency-Key makes no second occurrence', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Keyed',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    const keyed = () =>
      call(t.app, session, {
        method: 'PUT',
        url: `/api/todos/${first.id}`,
        headers: { 'idempotency-key': `complete-${first.id}` },
        payload: { data: { completed: true } },
      });
    const [one, two] = await Promise.all([keyed(), keyed()]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await occurrences(first.attributes.seriesId)).toHaveLength(2);
  });

  it('DELETE scope=this skips an occurrence (the next is made); scope=following ends the series', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Backup',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
    });
    const skipped = await call(t.app, session, {
      method: 'DELETE',
      url: `/api/todos/${first.id}?scope=this`,
    });
    expect(skipped.statusCode).toBe(200);
    const [next] = await occurrences(first.attributes.seriesId);
    expect(next!.attributes.dueDate).toBe('2026-12-14');
    const ended = await call(t.app, session, {
      method: 'DELETE',
      url: `/api/todos/${next!.id}?scope=following`,
    });
    expect(ended.statusCode).toBe(200);
    expect(await occurrences(first.attributes.seriesId)).toEqual([]);
    // Restored from the trash and completed, it makes no next: the series ended.
    await call(t.app, session, { method: 'POST', url: `/api/todos/${next!.id}/restore` });
    await complete(next!.id);
    expect(dates(await occurrences(first.attributes.seriesId))).toEqual([['2026-12-14', true]]);
  });

  it('announces the next occurrence on the live event journal', async () => {
    const first = await createTodo(t.app, session, {
      title: 'Announced',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    await complete(first.id);
    const [, next] = await occurrences(first.attributes.seriesId);
    const events = await t.database.handle.db
      .selectFrom('todo_events')
      .select('data')
      .where('user_id', '=', session.user.id)
      .execute();
    expect(events.map((event) => JSON.parse(event.data))).toContainEqual({
      action: 'created',
      id: next!.id,
    });
  });
  it.each(['json', 'csv'])(
    'an export (%s) imported by another user keeps dates and recurrence; occurrences of one series share a new one',
    async (format) => {
      const owner = await register(t.app, credentials(`port${format}`));
      const first = await createTodo(t.app, owner, {
        title: 'Ported',
        dueDate: '2026-12-07',
        remindAt: '2026-12-07T08:00:00Z',
        recurrence: 'FREQ=WEEKLY',
      });
      await call(t.app, owner, {
        method: 'PUT',
        url: `/api/todos/${first.id}`,
        payload: { data: { completed: true } },
      });
      await createTodo(t.app, owner, { title: 'Dated only', dueDate: '2026-12-24' });
      const file = await call(t.app, owner, {
        method: 'GET',
        url: `/api/users/me/export?format=${format}`,
      });
      const other = await register(t.app, credentials(`imp${format}`));
      const imported = await call(t.app, other, {
        method: 'POST',
        url: '/api/todos/import',
        headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
        payload: file.body,
      });
      expect(imported.json()).toEqual({ data: { imported: 3 } });
      const todos = (
        await call(t.app, other, { method: 'GET', url: '/api/todos?sort=id:asc' })
      ).json<{ data: TodoEntity[] }>().data;
      const [done, open, dated] = todos.map((todo) => todo.attributes);
      expect(done).toMatchObject({
        title: 'Ported',
        completed: true,
        dueDate: '2026-12-07',
        remindAt: '2026-12-07T08:00:00.000Z',
        recurrence: 'FREQ=WEEKLY',
      });
      expect(open).toMatchObject({
        title: 'Ported',
        completed: false,
        dueDate: '2026-12-14',
        remindAt: '2026-12-14T08:00:00.000Z',
        seriesId: done!.seriesId,
      });
      expect(done!.seriesId).not.toBe(first.attributes.seriesId);
      expect(dated).toMatchObject({ dueDate: '2026-12-24', recurrence: null, seriesId: null });
      // The imported series goes on from its open occurrence; the completed one made its next already.
      await call(t.app, other, {
        method: 'PUT',
        url: `/api/todos/${todos[0]!.id}`,
        payload: { data: { completed: false } },
      });
      await call(t.app, other, {
        method: 'PUT',
        url: `/api/todos/${todos[0]!.id}`,
        payload: { data: { completed: true } },
      });
      await call(t.app, other, {
        method: 'PUT',
        url: `/api/todos/${todos[1]!.id}`,
        payload: { data: { completed: true } },
      });
      const after = (
        await call(t.app, other, { method: 'GET', url: '/api/todos?sort=dueDate:asc' })
      ).json<{ data: TodoEntity[] }>().data;
      expect(
        after
          .filter((todo) => todo.attributes.seriesId === done!.seriesId)
          .map((todo) => todo.attributes.dueDate),
      ).toEqual(['2026-12-07', '2026-12-14', '2026-12-21']);
    },
  );
});

describeEachDialect('recurring series and MAX_TODOS_PER_USER', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '3' });
  });
  afterAll(() => t.close());

  it('a next occurrence takes the room of the oldest trashed todo, and none is made at the limit, the completion still succeeding', async () => {
    const owner = await register(t.app, credentials('limit'));
    const list = async () =>
      (await call(t.app, owner, { method: 'GET', url: '/api/todos?sort=id:asc' })).json<{
        data: TodoEntity[];
      }>().data;
    const trashed = await createTodo(t.app, owner, { title: 'Trashed' });
    await call(t.app, owner, { method: 'DELETE', url: `/api/todos/${trashed.id}` });
    await createTodo(t.app, owner, { title: 'Other' });
    const first = await createTodo(t.app, owner, {
      title: 'Daily',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=DAILY',
    });
    const completed = await call(t.app, owner, {
      method: 'PUT',
      url: `/api/todos/${first.id}`,
      payload: { data: { completed: true } },
    });
    expect(completed.statusCode).toBe(200);
    expect((await list()).map((todo) => todo.attributes.dueDate)).toEqual([
      null,
      '2026-12-07',
      '2026-12-08',
    ]);
    expect(
      (await call(t.app, owner, { method: 'GET', url: '/api/todos/trash' })).json().data,
    ).toEqual([]);
    const next = (await list())[2]!;
    const atLimit = await call(t.app, owner, {
      method: 'PUT',
      url: `/api/todos/${next.id}`,
      payload: { data: { completed: true } },
    });
    expect(atLimit.statusCode).toBe(200);
    expect(await list()).toHaveLength(3);
  });
});
