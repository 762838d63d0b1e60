/**
 * @jest-environment node
 *
 * Todos in an order of their own (issue 41, item 7): a new todo's position is its id unless given,
 * so the order starts as the order of creation; sort=position:asc lists a project's todos in it;
 * PUT moves a todo; a position outside PostgreSQL's integers is a 400 naming `position`; subtasks
 * come in their parent’s populate by position; a series’ next occurrence takes the place of the one
 * completed; the JSON and CSV exports carry positions and an
 * import gives them back; another user's todo cannot be moved.
 */
import type { ProjectEntity, Session, TodoEntity } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('todo positions', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let work: ProjectEntity;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('pos'));
    const made = await call(t.app, ann, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name: 'Work' } },
    });
    work = made.json<{ data: ProjectEntity }>().data;
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const put = (session: Session, id: number, data: unknown) =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}`, payload: { data } });
  const titlesOf = async (session: Session, url: string) =>
    (await get(session, url))
      .json<{ data: TodoEntity[] }>()
      .data.map((todo) => todo.attributes.title);
  const inWork = () =>
    titlesOf(ann, `/api/todos?filters[project][id][$eq]=${work.id}&sort=position:asc`);

  it('gives a new todo its id as position unless the body names one', async () => {
    const plain = await createTodo(t.app, ann, { title: 'Plain', project: work.id });
    const placed = await createTodo(t.app, ann, { title: 'Placed', project: work.id, position: 0 });
    expect(plain.attributes.position).toBe(plain.id);
    expect(placed.attributes.position).toBe(0);
    expect((await get(ann, `/api/todos/${plain.id}`)).json().data.attributes.position).toBe(
      plain.id,
    );
    expect(await inWork()).toEqual(['Placed', 'Plain']);
  });

  it('lists a project in its order with sort=position:asc, and PUT moves a todo', async () => {
    const third = await createTodo(t.app, ann, { title: 'Third', project: work.id });
    await createTodo(t.app, ann, { title: 'Elsewhere' });
    expect(await inWork()).toEqual(['Placed', 'Plain', 'Third']);
    const moved = await put(ann, third.id, { position: -5 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({ title: 'Third', position: -5 });
    expect(await inWork()).toEqual(['Third', 'Placed', 'Plain']);
    // Equal positions keep a stable order: by id, in the sort's direction.
    await put(ann, third.id, { position: 0 });
    expect(await inWork()).toEqual(['Placed', 'Third', 'Plain']);
    expect(
      await titlesOf(ann, `/api/todos?filters[project][id][$eq]=${work.id}&sort=position:desc`),
    ).toEqual(['Plain', 'Third', 'Placed']);
  });

  it.each([[2_147_483_648], [-2_147_483_649], [1.5], ['3'], [null]])(
    'refuses the position %p on create and update with a 400 naming position',
    async (position) => {
      const todo = await createTodo(t.app, ann, { title: 'Unmoved' });
      for (const response of [
        await call(t.app, ann, {
          method: 'POST',
          url: '/api/todos',
          payload: { data: { title: 'Bad', position } },
        }),
        await put(ann, todo.id, { position }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details.errors).toEqual([
          {
            path: ['position'],
            message: 'position must be an integer from -2147483648 to 2147483647',
            name: 'ValidationError',
          },
        ]);
      }
    },
  );

  it('populates subtasks in their order, not their age', async () => {
    const parent = await createTodo(t.app, ann, { title: 'Parent' });
    const older = await createTodo(t.app, ann, { title: 'Older', parent: parent.id });
    await createTodo(t.app, ann, { title: 'Newer', parent: parent.id });
    await put(ann, older.id, { position: older.id + 1000 });
    const listed = await get(
      ann,
      `/api/todos?filters[parent][id][$null]=true&filters[title][$contains]=Parent&populate[subtasks]=*`,
    );
    const subtasks = listed.json().data[0].attributes.subtasks.data;
    expect(subtasks.map((todo: TodoEntity) => todo.attributes.title)).toEqual(['Newer', 'Older']);
  });

  it('gives a series’ next occurrence the place of the one completed', async () => {
    const weekly = await createTodo(t.app, ann, {
      title: 'Water the plants',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
      position: -50,
    });
    expect((await put(ann, weekly.id, { completed: true })).statusCode).toBe(200);
    const occurrences = (
      await get(ann, '/api/todos?filters[title][$contains]=Water the plants&sort=id:asc')
    ).json<{ data: TodoEntity[] }>().data;
    expect(
      occurrences.map((todo) => [todo.attributes.completed, todo.attributes.position]),
    ).toEqual([
      [true, -50],
      [false, -50],
    ]);
  });

  it('does not move another user’s todo', async () => {
    const bea = await register(t.app, credentials('posother'));
    const mine = await createTodo(t.app, ann, { title: 'Mine' });
    expect((await put(bea, mine.id, { position: 1 })).statusCode).toBe(404);
    expect((await get(ann, `/api/todos/${mine.id}`)).json().data.attributes.position).toBe(mine.id);
  });

  it.each([
    ['json', 'application/json'],
    ['csv', 'text/csv'],
  ])('round-trips positions through a %s export and import', async (format, type) => {
    const from = await register(t.app, credentials(`posexp${format}`));
    const first = await createTodo(t.app, from, { title: 'First' });
    await createTodo(t.app, from, { title: 'Second', position: -3 });
    await createTodo(t.app, from, { title: 'Third', position: 7 });
    const order = (session: Session) =>
      get(session, '/api/todos?sort=position:asc').then((response) =>
        response
          .json<{ data: TodoEntity[] }>()
          .data.map((todo) => [todo.attributes.title, todo.attributes.position]),
      );
    const expected = await order(from);
    expect(expected).toEqual([
      ['Second', -3],
      ['Third', 7],
      ['First', first.id],
    ]);
    const file = (await get(from, `/api/users/me/export?format=${format}`)).body;
    const to = await register(t.app, credentials(`posimp${format}`));
    const answer = await call(t.app, to, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload: file,
    });
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 3 } }]);
    expect(await order(to)).toEqual(expected);
  });

  it('gives an imported todo without a position its new id', async () => {
    const cal = await register(t.app, credentials('posnone'));
    const answer = await call(t.app, cal, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': 'text/csv' },
      payload: 'title,position\r\nKept,-1\r\nNew,\r\n',
    });
    expect(answer.statusCode).toBe(200);
    const todos = (await get(cal, '/api/todos?sort=position:asc')).json<{ data: TodoEntity[] }>()
      .data;
    expect(todos.map((todo) => [todo.attributes.title, todo.attributes.position])).toEqual([
      ['Kept', -1],
      ['New', todos[1]!.id],
    ]);
  });

  it('is described in the OpenAPI document: bodies, answers, the sort and the routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const todos = doc.paths['/api/todos'];
    type Operation = {
      requestBody: {
        content: Record<
          string,
          { schema: { properties: { data: { properties: Record<string, unknown> } } } }
        >;
      };
    };
    const body = (operation: Operation) =>
      operation.requestBody.content['application/json']!.schema.properties.data.properties;
    expect(body(todos.post).position).toMatchObject({ type: 'integer' });
    expect(body(doc.paths['/api/todos/{id}'].put).position).toMatchObject({ type: 'integer' });
    const sort = (todos.get.parameters as { name: string; description?: string }[]).find(
      (parameter) => parameter.name === 'sort',
    );
    expect(sort?.description).toMatch(/position/);
    expect(todos.get.description).toMatch(/sort=position:asc/);
    expect(doc.paths['/api/todos/{id}'].put.description).toMatch(/position/);
    const answer = doc.paths['/api/todos/{id}'].get.responses['200'].content['application/json'];
    expect(answer.schema.properties.data.properties.attributes.required).toContain('position');
  });
});
