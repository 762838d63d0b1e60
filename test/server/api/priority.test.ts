/**
 * @jest-environment node
 *
 * A todo's priority (issue 41, item 3): 0 none (the default), 1 low, 2 medium, 3 high, in every todo
 * shape; only those four integers are accepted (a 400 naming `priority` otherwise); filters and a
 * sort with high first when descending and stable pages; kept through the trash and a series;
 * documented in the OpenAPI document. Export, import and the feed: priority-portability.test.ts.
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

describeEachDialect('priority', (dialect) => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('prio'));
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (data: unknown) =>
    call(t.app, ann, { method: 'POST', url: '/api/todos', payload: { data } });
  const put = (id: number, data: unknown) =>
    call(t.app, ann, { method: 'PUT', url: `/api/todos/${id}`, payload: { data } });

  it('defaults to 0 and keeps a given priority in the create, find, list and populate answers', async () => {
    const plain = await createTodo(t.app, ann, { title: 'Whenever' });
    const urgent = await createTodo(t.app, ann, { title: 'Call the bank', priority: 3 });
    expect(plain.attributes.priority).toBe(0);
    expect(urgent.attributes.priority).toBe(3);
    expect((await get(ann, `/api/todos/${urgent.id}`)).json().data.attributes.priority).toBe(3);
    const listed = (await get(ann, '/api/todos')).json<{ data: TodoEntity[] }>().data;
    expect(listed.map((todo) => [todo.attributes.title, todo.attributes.priority])).toEqual([
      ['Whenever', 0],
      ['Call the bank', 3],
    ]);
    const me = (await get(ann, '/api/users/me?populate=todos')).json();
    expect(me.todos.map((todo: { priority: number }) => todo.priority)).toEqual([0, 3]);
  });

  it('changes it with PUT, alone or with other fields', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Water plants', priority: 1 });
    const raised = await put(todo.id, { priority: 2 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().data.attributes).toMatchObject({ title: 'Water plants', priority: 2 });
    const cleared = await put(todo.id, { priority: 0, completed: true });
    expect(cleared.json().data.attributes).toMatchObject({ priority: 0, completed: true });
  });

  it.each([[4], [-1], [1.5], [-1.5], ['high'], ['2'], [null], [true], [[3]]])(
    'refuses the priority %p on create and update with a 400 naming priority',
    async (priority) => {
      const todo = await createTodo(t.app, ann, { title: 'Unchanged', priority: 1 });
      for (const response of [
        await post({ title: 'Bad priority', priority }),
        await put(todo.id, { priority }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          data: null,
          error: {
            status: 400,
            name: 'ValidationError',
            details: {
              errors: [
                {
                  path: ['priority'],
                  message: 'priority must be 0 (none), 1 (low), 2 (medium) or 3 (high)',
                },
              ],
            },
          },
        });
      }
      expect((await get(ann, `/api/todos/${todo.id}`)).json().data.attributes.priority).toBe(1);
    },
  );

  describe('filters and sort', () => {
    let owner: Session;
    // Priorities of T0…T7, in creation (and id) order.
    const priorities = [2, 0, 3, 1, 3, 0, 2, 3];
    beforeAll(async () => {
      owner = await register(t.app, credentials('priosort'));
      for (const [index, priority] of priorities.entries())
        await createTodo(t.app, owner, { title: `T${index}`, priority });
      // Another user's todos never show.
      await createTodo(t.app, ann, { title: 'Not yours', priority: 3 });
    });
    const list = async (query: string) => {
      const response = await get(owner, `/api/todos?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: TodoEntity[]; meta: { pagination: { total: number } } }>();
      return {
        titles: body.data.map((todo) => todo.attributes.title),
        total: body.meta.pagination.total,
      };
    };

    it('sorts by priority: high first when descending, ties by id in the same direction', async () => {
      expect((await list('sort=priority:desc')).titles).toEqual([
        'T7',
        'T4',
        'T2',
        'T6',
        'T0',
        'T3',
        'T5',
        'T1',
      ]);
      expect((await list('sort=priority:asc')).titles).toEqual([
        'T1',
        'T5',
        'T3',
        'T0',
        'T6',
        'T2',
        'T4',
        'T7',
      ]);
      expect((await list('sort=priority:desc,title:asc')).titles.slice(0, 3)).toEqual([
        'T2',
        'T4',
        'T7',
      ]);
    });

    it('pages a priority sort without repeating or skipping a todo', async () => {
      const whole = (await list('sort=priority:desc&pagination[pageSize]=100')).titles;
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++)
        paged.push(
          ...(await list(`sort=priority:desc&pagination[page]=${page}&pagination[pageSize]=3`))
            .titles,
        );
      expect(paged).toEqual(whole);
      const offset = await list('sort=priority:desc&pagination[start]=2&pagination[limit]=3');
      expect(offset.titles).toEqual(whole.slice(2, 5));
    });

    it.each([
      ['filters[priority][$eq]=3', ['T2', 'T4', 'T7']],
      ['filters[priority]=0', ['T1', 'T5']],
      ['filters[priority][$ne]=0', ['T0', 'T2', 'T3', 'T4', 'T6', 'T7']],
      ['filters[priority][$gte]=2', ['T0', 'T2', 'T4', 'T6', 'T7']],
      ['filters[priority][$lte]=1', ['T1', 'T3', 'T5']],
      ['filters[priority][$gt]=2', ['T2', 'T4', 'T7']],
      ['filters[priority][$lt]=1', ['T1', 'T5']],
      ['filters[priority][$in][0]=1&filters[priority][$in][1]=2', ['T0', 'T3', 'T6']],
      ['filters[priority][$notIn][0]=0&filters[priority][$notIn][1]=3', ['T0', 'T3', 'T6']],
      ['filters[priority][$gte]=1&filters[priority][$lte]=2', ['T0', 'T3', 'T6']],
      ['filters[priority][$eq]=3&filters[title][$contains]=7', ['T7']],
    ])('filters %s, with the total of the matching todos', async (query, expected) => {
      expect(await list(query)).toEqual({ titles: expected, total: expected.length });
    });

    it.each([
      ['filters[priority][$eq]=4', 'filters.priority.$eq must be 0, 1, 2 or 3'],
      ['filters[priority][$gte]=high', 'filters.priority.$gte must be 0, 1, 2 or 3'],
      ['filters[priority][$in][0]=1.5', 'filters.priority.$in must be 0, 1, 2 or 3'],
      [
        'filters[priority][$null]=true',
        'filters.priority.$null is not a supported operator (use $eq, $ne, $lt, $lte, $gt, $gte, $in or $notIn)',
      ],
    ])('refuses %s with a 400', async (query, message) => {
      const response = await get(owner, `/api/todos?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ name: 'ValidationError', message });
    });
  });

  it('keeps the priority through the trash and a restore', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Trash me', priority: 2 });
    await call(t.app, ann, { method: 'DELETE', url: `/api/todos/${todo.id}` });
    const trash = (await get(ann, '/api/todos/trash')).json<{ data: TodoEntity[] }>().data;
    expect(trash.find((entry) => entry.id === todo.id)?.attributes.priority).toBe(2);
    const restored = await call(t.app, ann, {
      method: 'POST',
      url: `/api/todos/${todo.id}/restore`,
    });
    expect(restored.json().data.attributes.priority).toBe(2);
  });

  it('gives the next occurrence of a series the priority of the one completed', async () => {
    const first = await createTodo(t.app, ann, {
      title: 'Weekly review',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
      priority: 3,
    });
    await put(first.id, { completed: true });
    const series = (
      await get(ann, '/api/todos?filters[title][$contains]=Weekly%20review&sort=id:asc')
    ).json<{ data: TodoEntity[] }>().data;
    expect(series.map((todo) => [todo.attributes.dueDate, todo.attributes.priority])).toEqual([
      ['2026-12-07', 3],
      ['2026-12-14', 3],
    ]);
  });

  it('documents priority in the OpenAPI document: the body field, the filter and the sort', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/todos'].post.requestBody.content['application/json'].schema;
    expect(create.properties.data.properties.priority).toMatchObject({ enum: [0, 1, 2, 3] });
    const parameters = doc.paths['/api/todos'].get.parameters as {
      name: string;
      description?: string;
    }[];
    expect(parameters.map((parameter) => parameter.name)).toContain('filters[priority]');
    expect(parameters.find((parameter) => parameter.name === 'sort')?.description).toMatch(
      /priority/,
    );
    const answer = doc.paths['/api/todos/{id}'].get.responses['200'].content['application/json'];
    expect(answer.schema.properties.data.properties.attributes.properties.priority).toMatchObject({
      type: 'integer',
      enum: [0, 1, 2, 3],
    });
  });
});
