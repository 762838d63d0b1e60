/**
 * @jest-environment node
 *
 * A todo's project as a Strapi v4 relation (issue 41, item 1): `data.project` on create and update
 * (an id, null, { connect }, { set }, { disconnect }); a project that is missing, trashed or another
 * user's is one and the same 400 with nothing written (unless the offline queue's replay asks for the
 * Inbox); `populate` in Strapi's `{ data: { id, attributes } }` shape; the project filters with their
 * totals; moving keeps the todo. The trash, restore and the counts: project-trash.test.ts.
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

  describe('populate and filters', () => {
    let owner: Session;
    let red: ProjectEntity;
    let blue: ProjectEntity;
    beforeAll(async () => {
      owner = await register(t.app, credentials('ptodolist'));
      red = await createProject(owner, { name: 'Red', color: '#ff0000' });
      blue = await createProject(owner, { name: 'Blue', color: '#0000ff', archived: true });
      // T0 Inbox, T1 red, T2 blue, T3 red, T4 Inbox (completed).
      for (const [index, project] of [null, red.id, blue.id, red.id, null].entries())
        await createTodo(t.app, owner, { title: `T${index}`, project, completed: index === 4 });
    });
    const list = async (query: string) => {
      const response = await get(owner, `/api/todos?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<Page>();
      return {
        titles: body.data.map((todo) => todo.attributes.title),
        total: body.meta.pagination.total,
      };
    };

    it.each([
      ['filters[project][id][$eq]=RED', ['T1', 'T3']],
      ['filters[project][id]=RED', ['T1', 'T3']],
      ['filters[project][id][$in][0]=RED&filters[project][id][$in][1]=BLUE', ['T1', 'T2', 'T3']],
      ['filters[project][id][$null]=true', ['T0', 'T4']],
      ['filters[project][id][$notNull]=true', ['T1', 'T2', 'T3']],
      ['filters[project][id][$null]=true&filters[completed][$eq]=false', ['T0']],
      ['filters[project][id][$eq]=RED&sort=title:desc', ['T3', 'T1']],
      ['filters[project][id][$eq]=OTHER', []],
    ])('%s', async (query, titles) => {
      const other = (await createProjectOnce()).id;
      const filled = query
        .replace(/RED/g, String(red.id))
        .replace(/BLUE/g, String(blue.id))
        .replace(/OTHER/g, String(other));
      expect(await list(filled)).toEqual({ titles, total: titles.length });
    });
    let othersProject: ProjectEntity | undefined;
    const createProjectOnce = async () =>
      (othersProject ??= await createProject(ann, { name: 'Not the owner’s' }));

    it('adds each todo’s project with populate=*, populate[0]=project or populate=project', async () => {
      for (const populate of ['populate=*', 'populate[0]=project', 'populate=project']) {
        const { data } = (await get(owner, `/api/todos?sort=id:asc&${populate}`)).json<Page>();
        expect(data.map((todo) => todo.attributes.project)).toEqual([
          { data: null },
          { data: red },
          { data: blue },
          { data: red },
          { data: null },
        ]);
      }
      const one = (
        await get(owner, `/api/todos?filters[title][$contains]=T2&populate=*`)
      ).json<Page>();
      expect(one.data[0]!.attributes.project).toEqual({ data: blue });
    });

    it('gives the fields asked for with populate[project][fields]', async () => {
      const { data } = (
        await get(
          owner,
          `/api/todos?sort=id:asc&populate[project][fields][0]=name&populate[project][fields][1]=color`,
        )
      ).json<Page>();
      expect(data[1]!.attributes.project).toEqual({
        data: { id: red.id, attributes: { name: 'Red', color: '#ff0000' } },
      });
      const [first] = (await get(owner, '/api/todos?sort=id:asc')).json<Page>().data;
      const find = await get(
        owner,
        `/api/todos/${first!.id + 1}?populate[project][fields][0]=name`,
      );
      expect(find.json().data.attributes.project).toEqual({
        data: { id: red.id, attributes: { name: 'Red' } },
      });
    });

    it.each([
      ['populate=labels', 'Cannot populate "labels" (use project or *)'],
      ['populate[0]=owner', 'Cannot populate "owner" (use project or *)'],
      [
        'populate[project][fields][0]=owner',
        expect.stringMatching(/^populate.project.fields must name fields/),
      ],
      ['populate[project][populate]=*', 'populate.project.populate is not supported (use fields)'],
      ['filters[project][id][$eq]=x', 'filters.project.id.$eq must be a project id'],
      [
        'filters[project][id][$ne]=3',
        expect.stringMatching(/^filters.project.id.\$ne is not a supported operator/),
      ],
      [
        'filters[project][name][$eq]=Red',
        'filters.project.name is not a filterable field (use id)',
      ],
      ['filters[project][id][$null]=yes', 'filters.project.id.$null must be true or false'],
    ])('refuses %s with a 400', async (query, message) => {
      const response = await get(owner, `/api/todos?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toEqual(message);
    });
  });
});
