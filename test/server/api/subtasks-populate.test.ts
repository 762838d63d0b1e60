/**
 * @jest-environment node
 *
 * A todo's relations to other todos out of the API: populate of `parent` ({ data: { id, attributes } }
 * or { data: null }) and `subtasks` ({ data: [...] }, oldest first), with fields and nested up to the
 * depth limit in a bounded number of statements; filters[parent][id]; another user's todos never show.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { subtaskCalls, type Page } from '../support/subtasks';

/** Counts the statements the app runs. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs) {
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    this.count += 1;
    return result;
  }
}

describeEachDialect('subtasks out of the API', (dialect) => {
  const counter = new StatementCounter();
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let calls: ReturnType<typeof subtaskCalls>;
  /** Ann's tree: A (a1 (a1x, a1y), a2), B (b1), C. */
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { wrapDb: (db) => db.withPlugin(counter) });
    calls = subtaskCalls(t);
    ann = await register(t.app, credentials('subpop'));
    bob = await register(t.app, credentials('subpopbob'));
    for (const [title, parent, completed] of [
      ['A', undefined, false],
      ['a1', 'A', true],
      ['a1x', 'a1', true],
      ['a1y', 'a1', false],
      ['a2', 'A', false],
      ['B', undefined, false],
      ['b1', 'B', true],
      ['C', undefined, false],
    ] as const)
      id[title] = await calls.add(ann, title, {
        completed,
        ...(parent && { parent: id[parent] }),
      });
    // Bob's todo under nothing of Ann's, and Ann's trashed subtask, never show.
    await calls.add(bob, 'Bob’s');
    await calls.del(ann, await calls.add(ann, 'trashed', { parent: id.A }));
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const response = await calls.get(ann, `/api/todos?sort=id:asc&${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };
  const titles = (todos: { attributes: Partial<TodoEntity['attributes']> }[]) =>
    todos.map((todo) => todo.attributes.title);

  it('leaves the relations out unless asked, and the plain list unchanged', async () => {
    const { data } = await page('');
    expect(data).toHaveLength(8);
    for (const todo of data) {
      expect(todo.attributes).not.toHaveProperty('parent');
      expect(todo.attributes).not.toHaveProperty('subtasks');
    }
  });

  it('adds each todo’s parent and subtasks with populate=*, populate[0]=parent or populate=subtasks', async () => {
    const all = await page('populate=*');
    const byTitle = new Map(all.data.map((todo) => [todo.attributes.title, todo.attributes]));
    expect(byTitle.get('A')!.parent).toEqual({ data: null });
    expect(titles(byTitle.get('A')!.subtasks!.data)).toEqual(['a1', 'a2']);
    const a1 = (await calls.get(ann, `/api/todos/${id.a1}`)).json().data;
    expect(byTitle.get('a1x')!.parent).toEqual({ data: a1 });
    expect(byTitle.get('C')!.subtasks).toEqual({ data: [] });
    expect(byTitle.get('A')!.project).toEqual({ data: null });
    const parents = await page('populate[0]=parent');
    expect(parents.data.map((todo) => todo.attributes.parent?.data?.id ?? null)).toEqual([
      null,
      id.A,
      id.a1,
      id.a1,
      id.A,
      null,
      id.B,
      null,
    ]);
    expect(parents.data[0]!.attributes).not.toHaveProperty('subtasks');
    const subtasks = await page('populate=subtasks');
    expect(subtasks.data.map((todo) => titles(todo.attributes.subtasks!.data))).toEqual([
      ['a1', 'a2'],
      ['a1x', 'a1y'],
      [],
      [],
      [],
      ['b1'],
      [],
      [],
    ]);
  });

  it('gives a page of roots with their subtrees and done counts, in a fixed number of statements', async () => {
    const query =
      'filters[parent][id][$null]=true&populate[subtasks][fields][0]=title&populate[subtasks][fields][1]=completed' +
      '&populate[subtasks][populate][subtasks][fields][0]=completed';
    counter.count = 0;
    const roots = await page(query);
    const statements = counter.count;
    expect(roots.meta.pagination.total).toBe(3);
    expect(roots.data.map((todo) => todo.attributes.title)).toEqual(['A', 'B', 'C']);
    expect(roots.data[0]!.attributes.subtasks).toEqual({
      data: [
        {
          id: id.a1,
          attributes: {
            title: 'a1',
            completed: true,
            subtasks: {
              data: [
                { id: id.a1x, attributes: { completed: true } },
                { id: id.a1y, attributes: { completed: false } },
              ],
            },
          },
        },
        { id: id.a2, attributes: { title: 'a2', completed: false, subtasks: { data: [] } } },
      ],
    });
    // "1/2 done" for A, "1/1" for B, from the populated subtasks alone.
    const done = roots.data.map((todo) => {
      const children = todo.attributes.subtasks!.data;
      return `${children.filter((child) => child.attributes.completed).length}/${children.length}`;
    });
    expect(done).toEqual(['1/2', '1/1', '0/0']);
    // More roots with more subtasks: the same number of statements (one per level, no N+1).
    for (let n = 0; n < 6; n++) {
      const root = await calls.add(ann, `R${n}`);
      await calls.add(ann, `R${n} child`, {
        parent: await calls.add(ann, `R${n} sub`, { parent: root }),
      });
    }
    counter.count = 0;
    expect((await page(query)).data).toHaveLength(9);
    expect(counter.count).toBe(statements);
  });

  it('gives nested subtasks their labels, all levels’ in one statement more', async () => {
    const label = async (session: Session, name: string) =>
      (
        await call(t.app, session, {
          method: 'POST',
          url: '/api/labels',
          payload: { data: { name } },
        })
      ).json<{ data: { id: number } }>().data.id;
    const home = await label(ann, 'home');
    const errands = await label(ann, 'errands');
    expect((await calls.put(ann, id.a1!, { labels: [home, errands] })).statusCode).toBe(200);
    expect((await calls.put(ann, id.a1y!, { labels: [errands] })).statusCode).toBe(200);
    const tree =
      'filters[parent][id][$null]=true&populate[subtasks][fields][0]=title&populate[subtasks][populate][subtasks][fields][0]=title';
    counter.count = 0;
    await page(tree);
    const without = counter.count;
    counter.count = 0;
    const { data } = await page(
      `${tree}&populate[subtasks][populate][labels]=true` +
        '&populate[subtasks][populate][subtasks][populate][labels][fields][0]=name',
    );
    expect(counter.count).toBe(without + 1);
    const a = data.find((todo) => todo.attributes.title === 'A')!;
    const names = (todo: { attributes: Partial<TodoEntity['attributes']> }) =>
      todo.attributes.labels?.data.map((one) => one.attributes.name);
    const [a1, a2] = a.attributes.subtasks!.data;
    expect([names(a1!), names(a2!)]).toEqual([['errands', 'home'], []]);
    expect(a1!.attributes.labels!.data[0]).toEqual({
      id: errands,
      attributes: expect.objectContaining({ name: 'errands', color: expect.any(String) }),
    });
    const [a1x, a1y] = a1!.attributes.subtasks!.data;
    expect([a1x, a1y].map((todo) => [todo!.attributes.title, names(todo!)])).toEqual([
      ['a1x', []],
      ['a1y', ['errands']],
    ]);
    expect(a1y!.attributes.labels!.data[0]).toEqual({
      id: errands,
      attributes: { name: 'errands' },
    });
    // Without populate[labels] nested, the subtasks carry none.
    expect((await page(tree)).data[0]!.attributes.subtasks!.data[0]!.attributes).not.toHaveProperty(
      'labels',
    );
    // Also written as a list: populate[subtasks][populate][0]=subtasks&…[1]=labels.
    const listed = await page(
      'filters[parent][id][$null]=true&populate[subtasks][populate][0]=subtasks&populate[subtasks][populate][1]=labels',
    );
    expect(names(listed.data[0]!.attributes.subtasks!.data[0]!)).toEqual(['errands', 'home']);
  });

  it('nests parent too, and takes fields', async () => {
    const { data } = (
      await calls.get(
        ann,
        `/api/todos/${id.a1x}?populate[parent][fields][0]=title&populate[parent][populate][parent]=*`,
      )
    ).json();
    const root = (await calls.get(ann, `/api/todos/${id.A}`)).json().data;
    expect(data.attributes.parent).toEqual({
      data: { id: id.a1, attributes: { title: 'a1', parent: { data: root } } },
    });
  });

  it('filters by parent: roots, subtasks, a parent’s children', async () => {
    const list = async (filter: string) => {
      const { data, meta } = await page(`pagination[pageSize]=100&${filter}`);
      return {
        titles: titles(data).filter((title) => !/^R\d/.test(title!)),
        total: meta.pagination.total,
      };
    };
    expect((await list('filters[parent][id][$null]=true')).titles).toEqual(['A', 'B', 'C']);
    expect(await list('filters[parent][id][$notNull]=true')).toEqual({
      titles: ['a1', 'a1x', 'a1y', 'a2', 'b1'],
      total: 17,
    });
    expect(await list(`filters[parent][id][$eq]=${id.a1}`)).toEqual({
      titles: ['a1x', 'a1y'],
      total: 2,
    });
    expect(await list(`filters[parent][id]=${id.B}`)).toEqual({ titles: ['b1'], total: 1 });
    expect(
      await list(
        `filters[parent][id][$in][0]=${id.A}&filters[parent][id][$in][1]=${id.B}&filters[completed]=false`,
      ),
    ).toEqual({ titles: ['a2'], total: 1 });
    // Another user's todo filters to nothing.
    const bobs = (await calls.get(bob, '/api/todos')).json<Page>().data[0]!.id;
    const theirs = await calls.get(bob, `/api/todos?filters[parent][id][$eq]=${id.A}`);
    expect(theirs.json<Page>().meta.pagination.total).toBe(0);
    expect((await list(`filters[parent][id][$eq]=${bobs}`)).total).toBe(0);
  });

  it.each([
    [
      'populate=children',
      'Cannot populate "children" (use project, labels, parent, subtasks or *)',
    ],
    [
      'populate[subtasks][fields][0]=owner',
      expect.stringMatching(/^populate.subtasks.fields must name fields of a todo/),
    ],
    [
      'populate[subtasks][sort]=title',
      'populate.subtasks.sort is not supported (use fields or populate)',
    ],
    [
      'populate[subtasks][populate][parent]=*',
      'populate.subtasks.populate may name subtasks or labels only, e.g. populate.subtasks.populate[subtasks]=*',
    ],
    [
      'populate[subtasks][populate][labels][sort]=name',
      'populate.subtasks.populate.labels.sort is not supported (use fields)',
    ],
    [
      'populate[subtasks][populate][subtasks][populate][labels][fields][0]=title',
      expect.stringMatching(
        /^populate.subtasks.populate.subtasks.populate.labels.fields must name fields of a label/,
      ),
    ],
    ['populate[parent][populate][labels]=*', expect.stringMatching(/may name parent only/)],
    ['populate[parent][populate]=subtasks', 'populate.parent.populate may name parent only'],
    [
      'populate[subtasks][populate][subtasks][populate][subtasks]=*',
      'populate.subtasks.populate.subtasks.populate.subtasks nests subtasks too deep: at most 2 levels (todos are at most 3 deep)',
    ],
    ['filters[parent][id][$eq]=x', 'filters.parent.id.$eq must be a todo id'],
    [
      'filters[parent][id][$ne]=3',
      expect.stringMatching(/^filters.parent.id.\$ne is not a supported operator/),
    ],
    ['filters[parent][title]=x', 'filters.parent.title is not a filterable field (use id)'],
  ])('refuses %s', async (query, message) => {
    const response = await calls.get(ann, `/api/todos?${query}`);
    expect([response.statusCode, response.json().error.message]).toEqual([400, message]);
  });
});
