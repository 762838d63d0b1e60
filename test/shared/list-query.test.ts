import fc from 'fast-check';
import qs from 'qs';
import * as v from 'valibot';
import { offsetAndLimit } from '../../src/server/http/pagination';
import { parseQueryString } from '../../src/server/http/query-string';
import { listQuerySchema, type ListQuery } from '../../src/shared/list-query';
import {
  listSearchParams,
  SORT_FIELDS,
  type ListRequest,
  type TodoRelationRequest,
} from '../../src/shared/list-request';
import { TODO_FIELDS, type TodoRelationPopulate } from '../../src/shared/todo-populate';

const parse = (text: string) => v.parse(listQuerySchema, qs.parse(text));
const issuesOf = (text: string) => {
  const result = v.safeParse(listQuerySchema, qs.parse(text));
  if (result.success) throw new Error(`expected "${text}" to be refused`);
  return result.issues.map((issue) => ({
    path: (issue.path ?? []).map((item) => String(item.key)),
    message: issue.message,
    name: 'ValidationError',
  }));
};

describe('the Strapi list query schema', () => {
  it('defaults to page 1 of 25 sorted by createdAt ascending', () => {
    expect(parse('')).toEqual({
      pagination: { kind: 'page', page: 1, pageSize: 25 },
      titleContains: [],
      completed: undefined,
      dueDate: [],
      priority: [],
      project: [],
      parent: [],
      labels: [],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      populate: {},
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
      priority: [],
      project: [],
      parent: [],
      labels: [],
      sort: [{ field: 'title', direction: 'desc' }],
      populate: {},
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

  it('reads priority filters: a comparison, the bare form as $eq, and lists for $in', () => {
    expect(parse('filters[priority]=3').priority).toEqual([{ op: '=', value: 3 }]);
    expect(parse('filters[priority][$gte]=2&filters[priority][$ne]=3').priority).toEqual([
      { op: '<>', value: 3 },
      { op: '>=', value: 2 },
    ]);
    expect(parse('filters[priority][$in][0]=1&filters[priority][$in][1]=3').priority).toEqual([
      { op: 'in', value: [1, 3] },
    ]);
    expect(parse('filters[priority][$notIn]=0').priority).toEqual([{ op: 'not in', value: [0] }]);
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
        message:
          'filters.owner is not a filterable field (use title, completed, dueDate, priority, project, parent or labels)',
        name: 'ValidationError',
      },
      {
        path: ['sort'],
        message:
          'Cannot sort by "nope" (use createdAt, updatedAt, title, completed, dueDate, priority, position, id)',
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
    'filters[priority][$eq]=4',
    'filters[priority][$gte]=-1',
    'filters[priority][$lte]=1.5',
    'filters[priority][$eq]=high',
    'filters[priority][$in][0]=9',
    'filters[priority][$null]=true',
    'sort=title:sideways',
    'sort[a]=title',
  ])('refuses %s', (text) => expect(issuesOf(text).length).toBeGreaterThan(0));
});

describe('listSearchParams, the client’s request builder', () => {
  const text = fc
    .string({ unit: 'grapheme', maxLength: 30 })
    .filter((value) => !value.includes('\u0000'));
  const date = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z') })
    .filter((value) => !Number.isNaN(value.getTime()))
    .map((value) => value.toISOString().slice(0, 10));
  const size = fc.integer({ min: 1, max: 500 });
  const level = fc.constantFrom(0, 1, 2, 3);
  const projectId = fc.integer({ min: 1, max: 2_147_483_647 });
  const relationId = fc.record(
    {
      $eq: projectId,
      $in: fc.array(projectId, { minLength: 1, maxLength: 4 }),
      $null: fc.boolean(),
      $notNull: fc.boolean(),
    },
    { requiredKeys: [] },
  );
  /** populate of parent or subtasks: true, or some fields and (up to the depth limit) the same relation nested. */
  const todoRelation = (
    name: 'parent' | 'subtasks',
    levels: number,
  ): fc.Arbitrary<TodoRelationRequest> =>
    fc.oneof(
      fc.constant(true as const),
      fc.record(
        {
          fields: fc.subarray([...TODO_FIELDS], { minLength: 1 }),
          populate:
            levels > 1
              ? fc.record({ [name]: todoRelation(name, levels - 1) })
              : fc.constant(undefined),
        },
        { requiredKeys: ['fields'] },
      ),
    );
  const populate = fc.oneof(
    fc.array(
      fc.constantFrom(
        'project' as const,
        'labels' as const,
        'parent' as const,
        'subtasks' as const,
        '*' as const,
      ),
      {
        maxLength: 2,
      },
    ),
    fc.record(
      {
        project: fc.oneof(
          fc.constant(true as const),
          fc.record({ fields: fc.subarray(['name', 'color', 'position'], { minLength: 1 }) }),
        ),
        labels: fc.oneof(
          fc.constant(true as const),
          fc.record({ fields: fc.subarray(['name', 'color'], { minLength: 1 }) }),
        ),
        parent: todoRelation('parent', 2),
        subtasks: todoRelation('subtasks', 2),
      },
      { requiredKeys: [] },
    ),
  );
  const request: fc.Arbitrary<ListRequest> = fc.record(
    {
      pagination: fc.oneof(
        fc.record({ page: size, pageSize: size }, { requiredKeys: [] }),
        fc.record(
          { start: fc.integer({ min: 0, max: 10_000 }), limit: size },
          { requiredKeys: [] },
        ),
      ),
      filters: fc.record(
        {
          title: fc.record({ $contains: text, $containsi: text }, { requiredKeys: [] }),
          completed: fc.record({ $eq: fc.boolean() }),
          dueDate: fc.record(
            { $eq: date, $lt: date, $lte: date, $gt: date, $gte: date, $null: fc.boolean() },
            { requiredKeys: [] },
          ),
          priority: fc.record(
            {
              $eq: level,
              $ne: level,
              $lt: level,
              $lte: level,
              $gt: level,
              $gte: level,
              $in: fc.array(level, { minLength: 1, maxLength: 4 }),
              $notIn: fc.array(level, { minLength: 1, maxLength: 4 }),
            },
            { requiredKeys: [] },
          ),
          project: fc.record({ id: relationId }),
          parent: fc.record({ id: relationId }),
          labels: fc.record(
            {
              id: relationId,
              name: fc.record(
                { $eq: text, $eqi: text, $in: fc.array(text, { minLength: 1, maxLength: 4 }) },
                { requiredKeys: [] },
              ),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      populate,
      sort: fc.array(
        fc
          .tuple(
            fc.constantFrom(...SORT_FIELDS),
            fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>,
          )
          .map(([field, direction]) => `${field}:${direction}` as const),
        { maxLength: 4 },
      ),
    },
    { requiredKeys: [] },
  );

  const relationOf = (
    request: TodoRelationRequest,
    name: 'parent' | 'subtasks',
  ): TodoRelationPopulate => {
    if (request === true) return {};
    const nested = request.populate?.[name];
    return { fields: request.fields, nested: nested && relationOf(nested, name) };
  };
  const populateOf = (populate: ListRequest['populate']): ListQuery['populate'] => {
    if (populate === undefined) return {};
    if (Array.isArray(populate))
      return Object.fromEntries(
        (['project', 'labels', 'parent', 'subtasks'] as const)
          .filter((name) => populate.includes(name) || populate.includes('*'))
          .map((name) => [name, {}]),
      );
    const { project, labels, parent, subtasks } = populate;
    return {
      ...(project && { project: project === true ? {} : { fields: project.fields } }),
      ...(labels && { labels: labels === true ? {} : { fields: labels.fields } }),
      ...(parent && { parent: relationOf(parent, 'parent') }),
      ...(subtasks && { subtasks: relationOf(subtasks, 'subtasks') }),
    } as ListQuery['populate'];
  };
  const conditionsOf = (id: {
    $eq?: number;
    $in?: number[];
    $null?: boolean;
    $notNull?: boolean;
  }) => [
    ...(id.$eq !== undefined ? [{ op: '=' as const, value: id.$eq }] : []),
    ...(id.$in ? [{ op: 'in' as const, value: id.$in }] : []),
    ...(id.$null === undefined
      ? []
      : [{ op: id.$null ? ('is' as const) : ('is not' as const), value: null }]),
    ...(id.$notNull === undefined
      ? []
      : [{ op: id.$notNull ? ('is not' as const) : ('is' as const), value: null }]),
  ];
  /** The label conditions the server must read, in the contract's order. */
  function expectedLabels(labels: NonNullable<ListRequest['filters']>['labels']) {
    const id = labels?.id ?? {};
    const name = labels?.name ?? {};
    const byPresence = (value: boolean | undefined, meansNone: boolean) =>
      value === undefined ? [] : [{ kind: value === meansNone ? 'none' : 'any' } as const];
    return [
      ...(id.$eq !== undefined ? [{ kind: 'id' as const, ids: [id.$eq] }] : []),
      ...(id.$in ? [{ kind: 'id' as const, ids: [...new Set(id.$in)] }] : []),
      ...byPresence(id.$null, true),
      ...byPresence(id.$notNull, false),
      ...(name.$eq !== undefined
        ? [{ kind: 'name' as const, names: [name.$eq], exact: true }]
        : []),
      ...(name.$eqi !== undefined
        ? [{ kind: 'name' as const, names: [name.$eqi], exact: false }]
        : []),
      ...(name.$in ? [{ kind: 'name' as const, names: [...new Set(name.$in)], exact: true }] : []),
    ];
  }

  /** What the server must read from a request, worked out from the contract. */
  function expected({
    pagination = {},
    filters = {},
    sort = [],
    populate,
  }: ListRequest): ListQuery {
    const keys: ListQuery['sort'] = [];
    for (const part of sort) {
      const [field, direction] = part.split(':') as [ListQuery['sort'][0]['field'], 'asc' | 'desc'];
      if (!keys.some((key) => key.field === field)) keys.push({ field, direction });
    }
    const dueDate = filters.dueDate ?? {};
    const ops = { $eq: '=', $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;
    const priority = filters.priority ?? {};
    const comparisons = { ...ops, $ne: '<>' } as const;
    const priorityOps = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'] as const;
    return {
      pagination:
        'start' in pagination || 'limit' in pagination
          ? {
              kind: 'offset',
              start: pagination.start ?? 0,
              limit: Math.min(pagination.limit ?? 25, 100),
            }
          : {
              kind: 'page',
              page: 'page' in pagination ? (pagination.page ?? 1) : 1,
              pageSize: Math.min(('pageSize' in pagination && pagination.pageSize) || 25, 100),
            },
      titleContains: [filters.title?.$contains, filters.title?.$containsi].filter(
        (needle): needle is string => !!needle,
      ),
      completed: filters.completed?.$eq,
      dueDate: [
        ...(Object.keys(ops) as (keyof typeof ops)[])
          .filter((op) => dueDate[op] !== undefined)
          .map((op) => ({ op: ops[op], date: dueDate[op]! })),
        ...(dueDate.$null === undefined
          ? []
          : [{ op: dueDate.$null ? ('is' as const) : ('is not' as const), date: null }]),
      ],
      priority: [
        ...priorityOps
          .filter((op) => priority[op] !== undefined)
          .map((op) => ({ op: comparisons[op], value: priority[op] as 0 | 1 | 2 | 3 })),
        ...(priority.$in ? [{ op: 'in' as const, value: priority.$in as (0 | 1 | 2 | 3)[] }] : []),
        ...(priority.$notIn
          ? [{ op: 'not in' as const, value: priority.$notIn as (0 | 1 | 2 | 3)[] }]
          : []),
      ],
      project: conditionsOf(filters.project?.id ?? {}),
      parent: conditionsOf(filters.parent?.id ?? {}),
      labels: expectedLabels(filters.labels),
      sort: keys.length > 0 ? keys : [{ field: 'createdAt', direction: 'asc' }],
      populate: populateOf(populate),
    };
  }

  it('writes what the server reads back as the same query', () => {
    fc.assert(
      fc.property(request, (sent) => {
        const query = listSearchParams(sent).toString();
        expect(v.parse(listQuerySchema, parseQueryString(query))).toEqual(expected(sent));
      }),
    );
  });

  it('writes Strapi’s bracket keys in the order given', () => {
    const params = listSearchParams({
      pagination: { page: 2, pageSize: 10 },
      filters: { title: { $contains: 'milk & honey' }, completed: { $eq: false } },
      sort: ['title:desc', 'id:desc'],
    });
    expect([...params]).toEqual([
      ['pagination[page]', '2'],
      ['pagination[pageSize]', '10'],
      ['filters[title][$contains]', 'milk & honey'],
      ['filters[completed][$eq]', 'false'],
      ['sort', 'title:desc,id:desc'],
    ]);
  });
});
