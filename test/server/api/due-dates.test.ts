/**
 * @jest-environment node
 *
 * Due dates and reminder times in and out (issue 28): a calendar date or null, an instant given with
 * any offset and answered in UTC, impossible dates refused, and the dueDate filters and sort with
 * undated todos last in both directions.
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

describeEachDialect('due dates', (dialect) => {
  let t: TestApp;
  let session: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    session = await register(t.app, credentials('Due'));
  });
  afterAll(() => t.close());

  const post = (data: Record<string, unknown>) =>
    call(t.app, session, { method: 'POST', url: '/api/todos', payload: { data } });
  const put = (id: number, data: Record<string, unknown>) =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}`, payload: { data } });

  it('keeps a due date and a reminder, the reminder in UTC, and answers null for none', async () => {
    const todo = await createTodo(t.app, session, {
      title: 'Dentist',
      dueDate: '2026-12-05',
      remindAt: '2026-12-05T08:30:00+01:00',
    });
    expect(todo.attributes).toMatchObject({
      dueDate: '2026-12-05',
      remindAt: '2026-12-05T07:30:00.000Z',
      recurrence: null,
      seriesId: null,
    });
    const plain = await createTodo(t.app, session, { title: 'Undated' });
    expect(plain.attributes).toMatchObject({
      dueDate: null,
      remindAt: null,
      recurrence: null,
      seriesId: null,
    });
    const read = await call(t.app, session, { method: 'GET', url: `/api/todos/${todo.id}` });
    expect(read.json().data.attributes).toMatchObject({
      dueDate: '2026-12-05',
      remindAt: '2026-12-05T07:30:00.000Z',
    });
  });

  it('changes and clears the dates with PUT', async () => {
    const todo = await createTodo(t.app, session, { title: 'Move me', dueDate: '2026-12-05' });
    const moved = await put(todo.id, {
      dueDate: '2027-01-10',
      remindAt: '2027-01-09T23:15:00.5-05:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({
      dueDate: '2027-01-10',
      remindAt: '2027-01-10T04:15:00.500Z',
      title: 'Move me',
    });
    const cleared = await put(todo.id, { dueDate: null, remindAt: null });
    expect(cleared.json().data.attributes).toMatchObject({ dueDate: null, remindAt: null });
  });

  it.each([
    ['2026-02-30'],
    ['2026-13-01'],
    ['tomorrow'],
    ['2026-1-5'],
    [20261205],
    ['2026-12-05T00:00:00Z'],
    [''],
    [true],
  ])('refuses the due date %p with a 400 ValidationError', async (dueDate) => {
    const response = await post({ title: 'Bad date', dueDate });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(response.json().error.details.errors[0].path).toEqual(['dueDate']);
  });

  it.each([
    ['2026-12-05'],
    ['2026-12-05T07:30:00'],
    ['2026-02-30T07:30:00Z'],
    ['2026-12-05T25:00:00Z'],
    ['soon'],
    [1796455800000],
  ])('refuses the reminder time %p', async (remindAt) => {
    const response = await post({ title: 'Bad reminder', remindAt });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.errors[0].path).toEqual(['remindAt']);
  });

  describe('filters and sort', () => {
    let owner: Session;
    const dates = ['2026-12-03', null, '2026-12-01', '2026-12-05', null, '2026-12-03'];
    const ids: number[] = [];
    beforeAll(async () => {
      owner = await register(t.app, credentials('Sorter'));
      for (const [index, dueDate] of dates.entries())
        ids.push((await createTodo(t.app, owner, { title: `T${index}`, dueDate })).id);
    });
    const list = async (query: string) => {
      const response = await call(t.app, owner, { method: 'GET', url: `/api/todos?${query}` });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: TodoEntity[] }>().data.map((todo) => todo.attributes.title);
    };

    it('sorts by due date, undated last in both directions, ties by id', async () => {
      expect(await list('sort=dueDate:asc')).toEqual(['T2', 'T0', 'T5', 'T3', 'T1', 'T4']);
      expect(await list('sort=dueDate:desc')).toEqual(['T3', 'T5', 'T0', 'T2', 'T4', 'T1']);
    });

    it.each([
      ['filters[dueDate][$eq]=2026-12-03', ['T0', 'T5']],
      ['filters[dueDate][$lt]=2026-12-03', ['T2']],
      ['filters[dueDate][$lte]=2026-12-03', ['T0', 'T2', 'T5']],
      ['filters[dueDate][$gt]=2026-12-03', ['T3']],
      ['filters[dueDate][$gte]=2026-12-03', ['T0', 'T3', 'T5']],
      ['filters[dueDate][$null]=true', ['T1', 'T4']],
      ['filters[dueDate][$notNull]=true', ['T0', 'T2', 'T3', 'T5']],
      ['filters[dueDate][$gte]=2026-12-02&filters[dueDate][$lte]=2026-12-04', ['T0', 'T5']],
    ])('filters %s', async (query, expected) => {
      expect(await list(query)).toEqual(expected);
    });

    it.each([
      'filters[dueDate][$lt]=2026-02-30',
      'filters[dueDate][$eq]=tomorrow',
      'filters[dueDate][$null]=yes',
      'filters[dueDate][$between]=2026-12-01',
    ])('refuses %s with a 400', async (query) => {
      const response = await call(t.app, owner, { method: 'GET', url: `/api/todos?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.name).toBe('ValidationError');
    });
  });
});
