/**
 * @jest-environment node
 *
 * A todo's project as a Strapi v4 relation (issue 41, item 1): `data.project` on create and update
 * (an id, null, { connect }, { set }, { disconnect }); a project that is missing, trashed or another
 * user's is one and the same 400 with nothing written (unless the offline queue's replay asks for the
 * Inbox); moving keeps the todo. populate and the filters: project-filters.test.ts; the trash,
 * restore and the counts: project-trash.test.ts.
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

type Page = { data: TodoEntity[]; meta: { pagination: { total: number } } };

describeEachDialect('todos in projects', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let work: ProjectEntity;
  let home: ProjectEntity;
  let bobs: ProjectEntity;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('ptodo'));
    bob = await register(t.app, credentials('ptodobob'));
    work = await createProject(ann, { name: 'Work', color: '#ff0000' });
    home = await createProject(ann, { name: 'Home' });
    bobs = await createProject(bob, { name: 'Bob’s' });
  });
  afterAll(() => t.close());

  async function createProject(session: Session, data: Record<string, unknown>) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: ProjectEntity }>().data;
  }
  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (session: Session, data: unknown, query = '') =>
    call(t.app, session, { method: 'POST', url: `/api/todos${query}`, payload: { data } });
  const put = (session: Session, id: number, data: unknown, query = '') =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}${query}`, payload: { data } });
  const projectOf = async (session: Session, id: number) =>
    (await get(session, `/api/todos/${id}?populate=project`)).json().data.attributes.project.data
      ?.id ?? null;
  const totalOf = async (session: Session) =>
    (await get(session, '/api/todos')).json<Page>().meta.pagination.total;

  it('puts a todo in a project on create and answers it without the relation unless populated', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Report', project: work.id });
    expect(todo.attributes).not.toHaveProperty('project');
    expect(await projectOf(ann, todo.id)).toBe(work.id);
    const inbox = await createTodo(t.app, ann, { title: 'Loose end' });
    expect(await projectOf(ann, inbox.id)).toBeNull();
    expect(
      await projectOf(ann, (await createTodo(t.app, ann, { title: 'X', project: null })).id),
    ).toBeNull();
  });

  it.each([
    ['an id', (id: number) => id],
    ['{ id }', (id: number) => ({ id })],
    ['{ connect: [id] }', (id: number) => ({ connect: [id] })],
    ['{ connect: [{ id }] }', (id: number) => ({ connect: [{ id }] })],
    ['{ set: [id] }', (id: number) => ({ set: [id] })],
  ])('takes the project as %s, on create and update', async (_form, write) => {
    const todo = await createTodo(t.app, ann, { title: 'Form', project: write(work.id) });
    expect(await projectOf(ann, todo.id)).toBe(work.id);
    expect((await put(ann, todo.id, { project: write(home.id) })).statusCode).toBe(200);
    expect(await projectOf(ann, todo.id)).toBe(home.id);
  });

  it.each([
    ['null', null],
    ['{ set: [] }', { set: [] }],
    ['{ disconnect: [id] }', 'disconnect'],
  ])('moves a todo to the Inbox with %s', async (_form, value) => {
    const todo = await createTodo(t.app, ann, { title: 'Out', project: work.id });
    const project = value === 'disconnect' ? { disconnect: [work.id] } : value;
    expect((await put(ann, todo.id, { project })).statusCode).toBe(200);
    expect(await projectOf(ann, todo.id)).toBeNull();
  });

  it('moves a todo between projects keeping its id, createdAt, fields and series', async () => {
    const todo = await createTodo(t.app, ann, {
      title: 'Weekly review',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY',
      priority: 2,
      project: work.id,
    });
    const moved = await put(ann, todo.id, { project: home.id });
    expect(moved.statusCode).toBe(200);
    const after = moved.json<{ data: TodoEntity }>().data;
    expect(after.id).toBe(todo.id);
    expect(after.attributes).toEqual({ ...todo.attributes, updatedAt: expect.any(String) });
    expect(after.attributes.seriesId).toEqual(expect.any(String));
    // The next occurrence follows it into its project.
    await put(ann, todo.id, { completed: true });
    const next = (
      await get(
        ann,
        `/api/todos?filters[completed]=false&filters[title][$contains]=Weekly%20review&populate=*`,
      )
    ).json<Page>().data;
    expect(next.map((n) => [n.attributes.seriesId, n.attributes.project?.data?.id])).toEqual([
      [after.attributes.seriesId, home.id],
    ]);
  });

  it('refuses a missing, trashed or another user’s project with one 400, writing nothing', async () => {
    const gone = await createProject(ann, { name: 'Gone' });
    await call(t.app, ann, { method: 'DELETE', url: `/api/projects/${gone.id}` });
    const todo = await createTodo(t.app, ann, { title: 'Stays', project: work.id });
    const before = await totalOf(ann);
    for (const id of [bobs.id, gone.id, 2_000_000_000]) {
      for (const response of [
        await post(ann, { title: 'Nope', project: id }),
        await put(ann, todo.id, { project: id, title: 'Renamed' }),
        await put(ann, todo.id, { project: { connect: [id] } }),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([
          400,
          {
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: `project ${id} does not exist`,
              details: {
                errors: [
                  {
                    path: ['project'],
                    message: `project ${id} does not exist`,
                    name: 'ValidationError',
                  },
                ],
              },
            },
          },
        ]);
      }
    }
    expect(await totalOf(ann)).toBe(before);
    const kept = (await get(ann, `/api/todos/${todo.id}?populate=*`)).json().data.attributes;
    expect([kept.title, kept.project.data.id]).toEqual(['Stays', work.id]);
    // Bob's project is untouched and holds nothing of Ann's.
    const bobsTodos = await get(bob, `/api/todos?filters[project][id][$eq]=${bobs.id}`);
    expect(bobsTodos.json<Page>().meta.pagination.total).toBe(0);
  });

  it.each([
    ['"3"', '3'],
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['true', true],
    ['[3]', [3]],
    ['{ connect: [1, 2] }', { connect: [1, 2] }],
    ['{ connect: 3 }', { connect: 3 }],
    ['{ link: [3] }', { link: [3] }],
  ])('refuses the project %s as malformed', async (_name, project) => {
    const response = await post(ann, { title: 'Bad', project });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.errors).toEqual([
      {
        path: ['project'],
        message:
          'project must be a project id, null (the Inbox), or { connect: [id] }, { set: [id] } or { disconnect: [id] }',
        name: 'ValidationError',
      },
    ]);
  });

  it('puts a replayed write whose project is gone in the Inbox when asked, and says so', async () => {
    const doomed = await createProject(ann, { name: 'Doomed' });
    const todo = await createTodo(t.app, ann, { title: 'Queued edit' });
    await call(t.app, ann, { method: 'DELETE', url: `/api/projects/${doomed.id}` });
    const note = {
      missing: true,
      message: 'The project no longer exists: the todo is in the Inbox',
    };
    const created = await post(
      ann,
      { title: 'Queued add', project: doomed.id },
      '?onMissingProject=inbox',
    );
    expect([created.statusCode, created.json().meta]).toEqual([200, { project: note }]);
    expect(await projectOf(ann, created.json().data.id)).toBeNull();
    const edited = await put(
      ann,
      todo.id,
      { project: doomed.id, title: 'Edited' },
      '?onMissingProject=inbox',
    );
    expect([edited.statusCode, edited.json().meta]).toEqual([200, { project: note }]);
    expect(edited.json().data.attributes.title).toBe('Edited');
    // A live project is taken as usual, with no note; a foreign one lands in the Inbox too.
    const fine = await put(ann, todo.id, { project: work.id }, '?onMissingProject=inbox');
    expect([fine.json().meta, await projectOf(ann, todo.id)]).toEqual([{}, work.id]);
    const foreign = await put(ann, todo.id, { project: bobs.id }, '?onMissingProject=inbox');
    expect([foreign.json().meta, await projectOf(ann, todo.id)]).toEqual([{ project: note }, null]);
    expect((await post(ann, { title: 'x' }, '?onMissingProject=maybe')).statusCode).toBe(400);
  });
});
