/**
 * @jest-environment node
 *
 * A todo's project out of the API (issue 41, item 1): `populate` in Strapi's
 * `{ data: { id, attributes } }` shape (or `{ data: null }` in the Inbox), and the project filters
 * (`$eq`, `$in`, `$null` for the Inbox, `$notNull`) with their totals; another user's project filters
 * to nothing; anything else is a 400.
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

describeEachDialect('todos by project', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let owner: Session;
  let red: ProjectEntity;
  let blue: ProjectEntity;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('pfilterother'));
    owner = await register(t.app, credentials('pfilter'));
    red = await createProject(owner, { name: 'Red', color: '#ff0000' });
    blue = await createProject(owner, { name: 'Blue', color: '#0000ff', archived: true });
    // T0 Inbox, T1 red, T2 blue, T3 red, T4 Inbox (completed).
    for (const [index, project] of [null, red.id, blue.id, red.id, null].entries())
      await createTodo(t.app, owner, { title: `T${index}`, project, completed: index === 4 });
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
    const find = await get(owner, `/api/todos/${first!.id + 1}?populate[project][fields][0]=name`);
    expect(find.json().data.attributes.project).toEqual({
      data: { id: red.id, attributes: { name: 'Red' } },
    });
  });

  it.each([
    ['populate=tags', 'Cannot populate "tags" (use project, labels, parent, subtasks or *)'],
    ['populate[0]=owner', 'Cannot populate "owner" (use project, labels, parent, subtasks or *)'],
    // Found by the hostile-input fuzz: a name beside an object was a 500.
    ['populate=1&populate[todos]=x', 'populate must look like populate=* or populate[0]=project'],
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
    ['filters[project][name][$eq]=Red', 'filters.project.name is not a filterable field (use id)'],
    ['filters[project][id][$null]=yes', 'filters.project.id.$null must be true or false'],
  ])('refuses %s with a 400', async (query, message) => {
    const response = await get(owner, `/api/todos?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toEqual(message);
  });
});
