/**
 * @jest-environment node
 *
 * /api/projects (issue 41, item 1) in the Strapi v4 dialect: create, find, update and delete; names of 1–100 characters once trimmed,
 * unique per user whatever their case; colours written #rrggbb; MAX_PROJECTS_PER_USER; another
 * user's project answers as a missing one. The list's paging, filters and sort:
 * project-list.test.ts; projects with todos: project-todos.test.ts.
 */
import type { ProjectEntity, Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

type Answer = { data: ProjectEntity; meta: Record<string, unknown> };

describeEachDialect('projects', (dialect) => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_PROJECTS_PER_USER: '5' });
    ann = await register(t.app, credentials('proj'));
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (session: Session, data: unknown) =>
    call(t.app, session, { method: 'POST', url: '/api/projects', payload: { data } });
  const put = (session: Session, id: number, data: unknown) =>
    call(t.app, session, { method: 'PUT', url: `/api/projects/${id}`, payload: { data } });
  const remove = (session: Session, id: number) =>
    call(t.app, session, { method: 'DELETE', url: `/api/projects/${id}` });
  const create = async (session: Session, data: Record<string, unknown>) => {
    const response = await post(session, data);
    expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    return response.json<Answer>().data;
  };
  const issueOf = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { name: string; message: string; details: { errors: { path: string[] }[] } };
    };
    expect(error.name).toBe('ValidationError');
    return { message: error.message, path: error.details.errors[0]?.path };
  };

  it('creates a project, trimmed and lower-cased, last in the order, and finds it', async () => {
    const user = await register(t.app, credentials('projcreate'));
    const first = await create(user, { name: '  Work  ', color: '#1E90FF' });
    expect(first).toEqual({
      id: expect.any(Number),
      attributes: {
        name: 'Work',
        color: '#1e90ff',
        position: 0,
        archived: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updatedAt: first.attributes.createdAt,
      },
    });
    const second = await create(user, { name: 'Home' });
    expect(second.attributes).toMatchObject({ color: '#808080', position: 1, archived: false });
    const third = await create(user, { name: 'Old', position: 7, archived: true });
    expect(third.attributes).toMatchObject({ position: 7, archived: true });
    const found = await get(user, `/api/projects/${first.id}`);
    expect(found.json()).toEqual({ data: first, meta: {} });
  });

  it('changes a project with PUT, one field or several, and lists it in its new place', async () => {
    const user = await register(t.app, credentials('projput'));
    const a = await create(user, { name: 'A' });
    const b = await create(user, { name: 'B' });
    const renamed = await put(user, a.id, { name: 'Alpha', color: '#000000', position: 5 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Answer>().data.attributes).toMatchObject({
      name: 'Alpha',
      color: '#000000',
      position: 5,
      archived: false,
    });
    expect(
      (await put(user, b.id, { archived: true })).json<Answer>().data.attributes,
    ).toMatchObject({ name: 'B', archived: true });
    // Renaming a project to its own name in another case is no clash.
    expect((await put(user, a.id, { name: 'ALPHA' })).statusCode).toBe(200);
    const names = (await get(user, '/api/projects')).json<{ data: ProjectEntity[] }>().data;
    expect(names.map((p) => p.attributes.name)).toEqual(['B', 'ALPHA']);
    expect(issueOf(await put(user, a.id, {})).message).toBe(
      'Give at least one of name, color, position or archived',
    );
  });

  it.each([
    [{}, ['name'], 'name is a required field'],
    [{ name: '' }, ['name'], 'name must be 1 to 100 characters'],
    [{ name: '   ' }, ['name'], 'name must be 1 to 100 characters'],
    [{ name: 'x'.repeat(101) }, ['name'], 'name must be 1 to 100 characters'],
    [{ name: 7 }, ['name'], 'name must be 1 to 100 characters'],
    [
      { name: 'A', color: 'red' },
      ['color'],
      'color must be a colour written #rrggbb, e.g. #1e90ff',
    ],
    [
      { name: 'A', color: '#abc' },
      ['color'],
      'color must be a colour written #rrggbb, e.g. #1e90ff',
    ],
    [
      { name: 'A', color: '#12345g' },
      ['color'],
      'color must be a colour written #rrggbb, e.g. #1e90ff',
    ],
    [
      { name: 'A', position: 1.5 },
      ['position'],
      expect.stringMatching(/^position must be an integer/),
    ],
    [
      { name: 'A', position: '2' },
      ['position'],
      expect.stringMatching(/^position must be an integer/),
    ],
    [{ name: 'A', archived: 'yes' }, ['archived'], 'archived must be true or false'],
    [{ name: 'A', owner: 2 }, ['owner'], 'owner is not an accepted field'],
  ])('refuses %j with a 400 naming the field', async (data, path, message) => {
    const before = (await get(ann, '/api/projects')).json().meta.pagination.total;
    expect(issueOf(await post(ann, data))).toEqual({ path, message });
    expect((await get(ann, '/api/projects')).json().meta.pagination.total).toBe(before);
  });

  it('keeps positions within the column: after the largest, the next stays there', async () => {
    const user = await register(t.app, credentials('projmaxpos'));
    await create(user, { name: 'Last', position: 2_147_483_647 });
    expect((await create(user, { name: 'After' })).attributes.position).toBe(2_147_483_647);
    expect(issueOf(await post(user, { name: 'Past', position: 2_147_483_648 })).path).toEqual([
      'position',
    ]);
  });

  it('takes a name of exactly 100 characters (emoji count as one)', async () => {
    const user = await register(t.app, credentials('projlong'));
    expect((await create(user, { name: '🍎'.repeat(100) })).attributes.name).toBe('🍎'.repeat(100));
  });

  it('refuses a name another project of the user has, whatever its case, on create and rename', async () => {
    const user = await register(t.app, credentials('projdup'));
    const errands = await create(user, { name: 'Errands' });
    const other = await create(user, { name: 'Other' });
    for (const response of [
      await post(user, { name: 'ERRANDS' }),
      await post(user, { name: ' errands ' }),
      await put(user, other.id, { name: 'errands' }),
    ])
      expect(issueOf(response)).toEqual({
        path: ['name'],
        message: expect.stringMatching(/^A project named "(ERRANDS|errands)" already exists$/),
      });
    // Another user may use the name, and a deleted project frees it.
    expect((await post(ann, { name: 'Errands' })).statusCode).toBe(200);
    expect((await remove(user, errands.id)).statusCode).toBe(200);
    expect((await post(user, { name: 'errands' })).statusCode).toBe(200);
  });

  it('keeps at most MAX_PROJECTS_PER_USER live projects (archived count, deleted do not)', async () => {
    const user = await register(t.app, credentials('projmax'));
    const made = [];
    for (const name of ['1', '2', '3', '4']) made.push(await create(user, { name }));
    await create(user, { name: '5', archived: true });
    expect(issueOf(await post(user, { name: '6' }))).toEqual({
      path: [],
      message: 'Project limit reached: a user may keep at most 5 projects',
    });
    await remove(user, made[0]!.id);
    expect((await post(user, { name: '6' })).statusCode).toBe(200);
    // Restoring would pass the limit again.
    const restore = await call(t.app, user, {
      method: 'POST',
      url: `/api/projects/${made[0]!.id}/restore`,
    });
    expect(issueOf(restore).message).toBe(
      'Project limit reached: a user may keep at most 5 projects',
    );
  });

  it('answers another user’s project exactly as a missing one, and changes nothing', async () => {
    const owner = await register(t.app, credentials('projowner'));
    const mine = await create(owner, { name: 'Private' });
    const missing = mine.id + 100_000;
    for (const id of [mine.id, missing]) {
      const answers = [
        await get(ann, `/api/projects/${id}`),
        await put(ann, id, { name: 'Taken over' }),
        await remove(ann, id),
        await call(t.app, ann, { method: 'POST', url: `/api/projects/${id}/restore` }),
      ];
      for (const answer of answers)
        expect([answer.statusCode, answer.json()]).toEqual([
          404,
          {
            data: null,
            error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
          },
        ]);
    }
    expect((await get(owner, `/api/projects/${mine.id}`)).json<Answer>().data).toEqual(mine);
    const anns = (await get(ann, '/api/projects?pagination[pageSize]=100')).json<{
      data: ProjectEntity[];
    }>().data;
    expect(anns.some((project) => project.id === mine.id)).toBe(false);
    expect((await get(ann, '/api/projects/abc')).statusCode).toBe(404);
    expect((await call(t.app, undefined, { method: 'GET', url: '/api/projects' })).statusCode).toBe(
      401,
    );
  });
});
