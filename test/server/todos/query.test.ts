import qs from 'qs';
import { ApiError } from '../../../src/server/http/errors';
import { offsetAndLimit } from '../../../src/server/todos/pagination';
import { parseListQuery } from '../../../src/server/todos/query';

const parse = (text: string) => parseListQuery(qs.parse(text));
const issuesOf = (text: string) => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).details.errors ?? [];
  }
  throw new Error(`expected "${text}" to be refused`);
};

describe('the Strapi list query parser', () => {
  it('defaults to page 1 of 25 sorted by createdAt ascending', () => {
    expect(parse('')).toEqual({
      pagination: { kind: 'page', page: 1, pageSize: 25 },
      titleContains: [],
      completed: undefined,
      dueDate: [],
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
  });

  it('reads the SPA’s query', () => {
    const query = parse(
      'pagination[pageSize]=10&pagination[page]=3&filters[title][$contains]=milk&sort=title:DESC',
    );
    expect(query).toEqual({
      pagination: { kind: 'page', page: 3, pageSize: 10 },
      titleContains: ['milk'],
      completed: undefined,
      dueDate: [],
      sort: [{ field: 'title', direction: 'desc' }],
    });
    expect(offsetAndLimit(query.pagination)).toEqual({ offset: 20, limit: 10 });
  });

  it.each([
    ['sort=title', [{ field: 'title', direction: 'asc' }]],
    [
      'sort=title:desc,id:asc',
      [
        { field: 'title', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ],
    ],
    [
      'sort[0]=completed:desc&sort[1]=title',
      [
        { field: 'completed', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
    ],
    ['sort=title:asc,title:desc', [{ field: 'title', direction: 'asc' }]],
  ])('reads %s', (text, sort) => expect(parse(text).sort).toEqual(sort));

  it('reads offset pagination and clamps sizes to 100', () => {
    expect(parse('pagination[start]=40&pagination[limit]=500').pagination).toEqual({
      kind: 'offset',
      start: 40,
      limit: 100,
    });
    expect(parse('pagination[pageSize]=101').pagination).toEqual({
      kind: 'page',
      page: 1,
      pageSize: 100,
    });
  });

  it('reads both completion filter forms and $containsi', () => {
    expect(parse('filters[completed][$eq]=true').completed).toBe(true);
    expect(parse('filters[completed]=false').completed).toBe(false);
    expect(parse('filters[title][$containsi]=X').titleContains).toEqual(['X']);
    expect(parse('filters[title][$contains]=').titleContains).toEqual([]);
  });

  it('lists every problem at once, each with its path', () => {
    expect(issuesOf('pagination[page]=0&sort=nope&filters[owner][$eq]=1')).toEqual([
      {
        path: ['pagination', 'page'],
        message: 'pagination.page must be a positive integer',
        name: 'ValidationError',
      },
      {
        path: ['filters', 'owner'],
        message: 'filters.owner is not a filterable field (use title, completed or dueDate)',
        name: 'ValidationError',
      },
      {
        path: ['sort'],
        message: 'Cannot sort by "nope" (use createdAt, updatedAt, title, completed, dueDate, id)',
        name: 'ValidationError',
      },
    ]);
  });

  it.each([
    'pagination[page]=1e3',
    'pagination[pageSize]=-5',
    'pagination[start]=-1',
    'pagination[limit]=0',
    'pagination[withCount]=maybe',
    'pagination[page]=2&pagination[limit]=5',
    'filters[title][$startsWith]=a',
    'filters[title]=a',
    'filters[completed][$eq]=1',
    'sort=title:sideways',
    'sort[a]=title',
  ])('refuses %s', (text) => expect(issuesOf(text).length).toBeGreaterThan(0));
});
