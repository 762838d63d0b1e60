/**
 * @jest-environment node
 *
 * GET /api/projects (issue 41, item 1): paged as the todos are, sorted by position by default (ties by
 * id), filters on name ($eq and $eqi whole and any case, $contains and $containsi any case), archived
 * and position with their totals, sort by any of name, position, createdAt, updatedAt, archived and
 * id; anything else is a 400.
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

describeEachDialect('the project list', (dialect) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await register(t.app, credentials('projlist'));
    // Positions 2, 0, 1 and archived flags, in creation (id) order.
    for (const data of [
      { name: 'Work', position: 2 },
      { name: 'home', position: 0, archived: true },
      { name: 'Garden', position: 1 },
      { name: 'Homework', position: 1 },
    ])
      expect(
        (await call(t.app, owner, { method: 'POST', url: '/api/projects', payload: { data } }))
          .statusCode,
      ).toBe(200);
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const issueOf = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    return (response.json() as { error: { message: string } }).error;
  };

  const names = async (query: string) => {
    const response = await get(owner, `/api/projects?${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: ProjectEntity[]; meta: { pagination: unknown } }>();
    return { names: body.data.map((p) => p.attributes.name), pagination: body.meta.pagination };
  };

  it('sorts by position by default, ties by id, paged as the todos are', async () => {
    expect(await names('')).toEqual({
      names: ['home', 'Garden', 'Homework', 'Work'],
      pagination: { page: 1, pageSize: 25, pageCount: 1, total: 4 },
    });
    expect(await names('pagination[page]=2&pagination[pageSize]=3')).toEqual({
      names: ['Work'],
      pagination: { page: 2, pageSize: 3, pageCount: 2, total: 4 },
    });
    expect((await names('pagination[start]=1&pagination[limit]=2')).names).toEqual([
      'Garden',
      'Homework',
    ]);
  });

  it.each([
    ['sort=name:asc', ['Garden', 'home', 'Homework', 'Work']],
    ['sort=name:desc', ['Work', 'Homework', 'home', 'Garden']],
    ['sort[0]=archived:desc&sort[1]=name:asc', ['home', 'Garden', 'Homework', 'Work']],
    ['sort=position:desc', ['Work', 'Homework', 'Garden', 'home']],
    ['sort=createdAt:desc', ['Homework', 'Garden', 'home', 'Work']],
    ['filters[name][$eq]=HOME', ['home']],
    ['filters[name][$eqi]=work', ['Work']],
    ['filters[name][$containsi]=HOME', ['home', 'Homework']],
    ['filters[name][$contains]=work&filters[name][$eqi]=homework', ['Homework']],
    ['filters[archived][$eq]=false', ['Garden', 'Homework', 'Work']],
    ['filters[archived]=true', ['home']],
    ['filters[position][$gte]=1&filters[position][$lt]=2', ['Garden', 'Homework']],
    ['filters[position]=2', ['Work']],
    ['filters[name][$contains]=%25', []],
  ])('%s', async (query, expected) => {
    const { names: listed, pagination } = await names(query);
    expect(listed).toEqual(expected);
    expect(pagination).toMatchObject({ total: expected.length });
  });

  it.each([
    [
      'filters[colour][$eq]=x',
      'filters.colour is not a filterable field (use name, archived or position)',
    ],
    [
      'filters[name][$in][0]=x',
      expect.stringMatching(/^filters.name.\$in is not a supported operator/),
    ],
    ['filters[archived][$eq]=maybe', 'filters.archived.$eq must be true or false'],
    ['filters[position][$gt]=x', 'filters.position.$gt must be an integer'],
    [
      'filters[position][$gt]=9999999999',
      'filters.position.$gt must be an integer from -2147483648 to 2147483647',
    ],
    [
      'sort=colour:asc',
      'Cannot sort by "colour" (use name, position, createdAt, updatedAt, archived, id)',
    ],
    ['sort=name:up', 'Sort direction of "name" must be asc or desc'],
    ['pagination[page]=0', 'pagination.page must be a positive integer'],
  ])('refuses %s with a 400', async (query, message) => {
    expect(issueOf(await get(owner, `/api/projects?${query}`)).message).toEqual(message);
  });
});
