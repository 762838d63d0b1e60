/**
 * @jest-environment node
 *
 * Deleting a project (issue 41, item 1) sends its todos to the trash with it; restoring the project
 * brings back exactly those todos, in the project; a todo restored on its own meanwhile lands in the
 * Inbox; the todo trash keeps working as before, and lists each todo's project and labels when
 * asked. The sidebar's counts come in one call, and every
 * project write is a live event.
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

type Page<T> = { data: T[]; meta: { pagination: { total: number } } };

describeEachDialect('projects in the trash', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const send = (session: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    call(t.app, session, { method, url, payload: data === undefined ? undefined : { data } });
  async function createProject(session: Session, data: Record<string, unknown>) {
    const response = await send(session, 'POST', '/api/projects', data);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: ProjectEntity }>().data;
  }
  const titles = async (session: Session, url: string) =>
    (await get(session, url)).json<Page<TodoEntity>>().data.map((todo) => todo.attributes.title);
  const trashTitles = (session: Session) => titles(session, '/api/todos/trash');

  it('trashes a project with its live todos, and restores both, the todos in the project', async () => {
    const ann = await register(t.app, credentials('ptrash'));
    const work = await createProject(ann, { name: 'Work' });
    const a = await createTodo(t.app, ann, { title: 'A', project: work.id });
    const b = await createTodo(t.app, ann, { title: 'B', project: work.id, completed: true });
    const earlier = await createTodo(t.app, ann, { title: 'Trashed before', project: work.id });
    await createTodo(t.app, ann, { title: 'Inbox' });
    await send(ann, 'DELETE', `/api/todos/${earlier.id}`);

    const deleted = await send(ann, 'DELETE', `/api/projects/${work.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { data: work, meta: { todos: 2 } }]);
    expect(await titles(ann, '/api/todos')).toEqual(['Inbox']);
    expect(await trashTitles(ann)).toEqual(expect.arrayContaining(['A', 'B', 'Trashed before']));
    expect((await get(ann, `/api/projects/${work.id}`)).statusCode).toBe(404);
    expect((await get(ann, `/api/todos/${a.id}`)).statusCode).toBe(404);
    expect((await send(ann, 'PUT', `/api/projects/${work.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await send(ann, 'DELETE', `/api/projects/${work.id}`)).statusCode).toBe(404);
    const trashed = (await get(ann, '/api/projects/trash')).json<Page<ProjectEntity>>();
    expect(trashed.data).toEqual([
      { id: work.id, attributes: { ...work.attributes, deletedAt: expect.any(String) } },
    ]);

    const restored = await send(ann, 'POST', `/api/projects/${work.id}/restore`);
    expect([restored.statusCode, restored.json()]).toEqual([
      200,
      { data: work, meta: { todos: 2 } },
    ]);
    expect(await titles(ann, `/api/todos?filters[project][id][$eq]=${work.id}`)).toEqual([
      'A',
      'B',
    ]);
    const back = (await get(ann, `/api/todos/${b.id}`)).json<{ data: TodoEntity }>().data;
    expect(back).toEqual(b);
    // The todo trashed on its own before stays in the trash.
    expect(await trashTitles(ann)).toEqual(['Trashed before']);
    expect((await get(ann, '/api/projects/trash')).json().data).toEqual([]);
    expect((await send(ann, 'POST', `/api/projects/${work.id}/restore`)).statusCode).toBe(404);
  });

  it('lists the trash with each todo’s project (a trashed one too) and labels when populate asks', async () => {
    const ann = await register(t.app, credentials('ptrashpop'));
    const bob = await register(t.app, credentials('ptrashpopb'));
    const work = await createProject(ann, { name: 'Work', color: '#db4035' });
    const home = await createProject(ann, { name: 'Home' });
    const label = await send(ann, 'POST', '/api/labels', { name: 'Errands' });
    const errands = label.json<{ data: { id: number } }>().data.id;
    const report = await createTodo(t.app, ann, {
      title: 'Report',
      project: work.id,
      labels: [errands],
    });
    const lawn = await createTodo(t.app, ann, { title: 'Lawn', project: home.id });
    const inbox = await createTodo(t.app, ann, { title: 'Inbox', labels: [errands] });
    await createTodo(t.app, bob, { title: 'Bob’s' });
    for (const { id } of [lawn, inbox]) await send(ann, 'DELETE', `/api/todos/${id}`);
    await send(ann, 'DELETE', `/api/projects/${work.id}`);

    const page = async (query: string) => {
      const response = await get(ann, `/api/todos/trash?${query}`);
      expect(response.statusCode).toBe(200);
      return new Map(
        response
          .json<Page<TodoEntity>>()
          .data.map((todo) => [todo.attributes.title, todo.attributes]),
      );
    };
    const both = await page('populate[0]=project&populate[1]=labels');
    expect(both.get('Report')).toMatchObject({
      deletedAt: expect.any(String),
      project: { data: { id: work.id, attributes: { name: 'Work', color: '#db4035' } } },
      labels: { data: [{ id: errands, attributes: { name: 'Errands' } }] },
    });
    expect(both.get('Lawn')).toMatchObject({
      project: { data: { id: home.id, attributes: { name: 'Home' } } },
      labels: { data: [] },
    });
    expect(both.get('Inbox')).toMatchObject({
      project: { data: null },
      labels: { data: [{ id: errands }] },
    });
    expect(report.id).toBeGreaterThan(0);
    // populate=* is the same two; no populate leaves them out; parent and subtasks are refused.
    expect([...(await page('populate=*')).values()]).toEqual([...both.values()]);
    expect((await page('')).get('Report')).not.toHaveProperty('project');
    const names = await page('populate[project][fields][0]=name');
    expect(names.get('Report')!.project).toEqual({
      data: { id: work.id, attributes: { name: 'Work' } },
    });
    for (const query of ['populate=subtasks', 'populate[parent]=true', 'populate[0]=parent']) {
      const refused = await get(ann, `/api/todos/trash?${query}`);
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        400,
        'populate in the trash takes project and labels only (populate[0]=project&populate[1]=labels)',
      ]);
    }
  });

  it('brings a todo restored on its own while its project is in the trash back in the Inbox', async () => {
    const ann = await register(t.app, credentials('ptrashone'));
    const home = await createProject(ann, { name: 'Home' });
    const [one, two, three] = [
      await createTodo(t.app, ann, { title: 'One', project: home.id }),
      await createTodo(t.app, ann, { title: 'Two', project: home.id }),
      await createTodo(t.app, ann, { title: 'Three', project: home.id }),
    ];
    await send(ann, 'DELETE', `/api/projects/${home.id}`);
    expect((await send(ann, 'POST', `/api/todos/${one!.id}/restore`)).statusCode).toBe(200);
    const bulk = await call(t.app, ann, {
      method: 'POST',
      url: '/api/todos/bulk',
      payload: { action: 'restore', ids: [two!.id] },
    });
    expect(bulk.statusCode).toBe(200);
    expect(await titles(ann, '/api/todos?filters[project][id][$null]=true')).toEqual([
      'One',
      'Two',
    ]);
    // Restoring the project brings back only what is still in the trash with it.
    const restored = await send(ann, 'POST', `/api/projects/${home.id}/restore`);
    expect(restored.json().meta).toEqual({ todos: 1 });
    expect(await titles(ann, `/api/todos?filters[project][id][$eq]=${home.id}`)).toEqual(['Three']);
    expect(three!.id).toBeGreaterThan(0);
  });

  it('restores all of the trash into the Inbox, and emptying the trash takes the projects', async () => {
    const ann = await register(t.app, credentials('ptrashall'));
    const p = await createProject(ann, { name: 'P' });
    await createTodo(t.app, ann, { title: 'In P', project: p.id });
    await send(ann, 'DELETE', `/api/projects/${p.id}`);
    const all = await send(ann, 'POST', '/api/todos/trash/restore');
    expect(all.json()).toEqual({ data: { count: 1 } });
    expect(await titles(ann, '/api/todos?filters[project][id][$null]=true')).toEqual(['In P']);
    expect((await get(ann, '/api/projects/trash')).json().meta.pagination.total).toBe(1);
    expect((await send(ann, 'DELETE', '/api/todos/trash')).statusCode).toBe(204);
    expect((await get(ann, '/api/projects/trash')).json().meta.pagination.total).toBe(0);
    expect((await send(ann, 'POST', `/api/projects/${p.id}/restore`)).statusCode).toBe(404);
  });

  it('refuses to restore a project whose name was taken meanwhile', async () => {
    const ann = await register(t.app, credentials('ptrashname'));
    const old = await createProject(ann, { name: 'Garden' });
    await send(ann, 'DELETE', `/api/projects/${old.id}`);
    await createProject(ann, { name: 'GARDEN' });
    const restore = await send(ann, 'POST', `/api/projects/${old.id}/restore`);
    expect([restore.statusCode, restore.json().error.message]).toEqual([
      400,
      'A project named "Garden" already exists',
    ]);
  });

  it('purges projects trashed longer than TRASH_DAYS with their todos', async () => {
    const ann = await register(t.app, credentials('ptrashpurge'));
    const p = await createProject(ann, { name: 'Old' });
    await createTodo(t.app, ann, { title: 'Old todo', project: p.id });
    await send(ann, 'DELETE', `/api/projects/${p.id}`);
    const { purgeTrash } = await import('../../../src/server/todos/trash');
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await purgeTrash(t.database.handle.db, 30, later)).toBeGreaterThanOrEqual(1);
    expect((await get(ann, '/api/projects/trash')).json().data).toEqual([]);
    expect(await trashTitles(ann)).toEqual([]);
  });

  it('deletes an account with its projects, live and trashed, and their todos', async () => {
    const gus = await register(t.app, credentials('pgone'));
    const live = await createProject(gus, { name: 'Live' });
    const trashed = await createProject(gus, { name: 'Trashed' });
    await createTodo(t.app, gus, { title: 'In live', project: live.id });
    await createTodo(t.app, gus, { title: 'In trashed', project: trashed.id });
    await send(gus, 'DELETE', `/api/projects/${trashed.id}`);
    const gone = await call(t.app, gus, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: 'Kiwi#Lamp42' },
    });
    expect(gone.statusCode).toBe(204);
    const { db } = t.database.handle;
    expect(
      await db.selectFrom('projects').select('id').where('owner_id', '=', gus.user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('todos').select('id').where('owner_id', '=', gus.user.id).execute(),
    ).toEqual([]);
  });

  it('counts open todos of the Inbox and of every live project in one call', async () => {
    const ann = await register(t.app, credentials('pcounts'));
    const bob = await register(t.app, credentials('pcountsbob'));
    const [a, b, empty] = [
      await createProject(ann, { name: 'A', position: 2 }),
      await createProject(ann, { name: 'B', position: 1, archived: true }),
      await createProject(ann, { name: 'Empty', position: 3 }),
    ];
    const gone = await createProject(ann, { name: 'Gone' });
    for (const [title, project, completed] of [
      ['a1', a!.id, false],
      ['a2', a!.id, false],
      ['a3', a!.id, true],
      ['b1', b!.id, false],
      ['i1', null, false],
      ['i2', null, true],
      ['g1', gone.id, false],
    ] as const)
      await createTodo(t.app, ann, { title, project, completed });
    const trashedOne = await createTodo(t.app, ann, { title: 'i3', project: null });
    await send(ann, 'DELETE', `/api/todos/${trashedOne.id}`);
    await send(ann, 'DELETE', `/api/projects/${gone.id}`);
    await createTodo(t.app, bob, { title: 'not Ann’s', project: null });

    const counts = await get(ann, '/api/todos/counts');
    expect([counts.statusCode, counts.json()]).toEqual([
      200,
      {
        data: {
          all: 4,
          inbox: 1,
          projects: [
            { id: b!.id, open: 1 },
            { id: a!.id, open: 2 },
            { id: empty!.id, open: 0 },
          ],
          labels: [],
        },
      },
    ]);
    expect((await get(bob, '/api/todos/counts')).json()).toEqual({
      data: { all: 1, inbox: 1, projects: [], labels: [] },
    });
    expect(
      (await call(t.app, undefined, { method: 'GET', url: '/api/todos/counts' })).statusCode,
    ).toBe(401);
  });

  it('records a live event for every project write, and the todos that moved with a delete', async () => {
    const ann = await register(t.app, credentials('pevents'));
    const p = await createProject(ann, { name: 'Live' });
    await send(ann, 'PUT', `/api/projects/${p.id}`, { color: '#123456' });
    const todo = await createTodo(t.app, ann, { title: 'Moves', project: p.id });
    await send(ann, 'DELETE', `/api/projects/${p.id}`);
    await send(ann, 'POST', `/api/projects/${p.id}/restore`);
    const events = await t.database.handle.db
      .selectFrom('todo_events')
      .select('data')
      .where('user_id', '=', ann.user.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => JSON.parse(event.data))).toEqual([
      { action: 'project.created', id: p.id },
      { action: 'project.updated', id: p.id },
      { action: 'created', id: todo.id },
      { action: 'project.deleted', id: p.id },
      { action: 'deleted', ids: [todo.id] },
      { action: 'project.created', id: p.id },
      { action: 'created', ids: [todo.id] },
    ]);
  });
});
