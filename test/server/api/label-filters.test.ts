/**
 * @jest-environment node
 *
 * Labels read through todos: populate (populate=*, populate[0]=labels, populate[labels][fields]),
 * in a bounded number of statements whatever the page; filters[labels][id|name] with their totals
 * (a todo with several matching labels counts once), isolated between users; bad filters; the
 * sidebar's open counts per label, kept as todos are completed, trashed and restored.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import type { LabelEntity, Session, TodoEntity } from '../../../src/shared/api-types';
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

/** Counts the statements the app runs (each executed query passes transformResult once). */
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

describeEachDialect('labels through todos', (dialect) => {
  const counter = new StatementCounter();
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let home: LabelEntity;
  let work: LabelEntity;
  let idle: LabelEntity;
  let bobsHome: LabelEntity;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { wrapDb: (db) => db.withPlugin(counter) });
    ann = await register(t.app, credentials('lfilter'));
    bob = await register(t.app, credentials('lfilterbob'));
    home = await createLabel(ann, { name: 'home', color: '#00ff00' });
    work = await createLabel(ann, { name: 'Work' });
    idle = await createLabel(ann, { name: 'idle' });
    bobsHome = await createLabel(bob, { name: 'home' });
    for (const [title, labels] of [
      ['both', [home.id, work.id]],
      ['home only', [home.id]],
      ['work only', [work.id]],
      ['none', []],
    ] as const)
      ids[title] = (await createTodo(t.app, ann, { title, labels: [...labels] })).id;
    await createTodo(t.app, bob, { title: 'bob at home', labels: [bobsHome.id] });
  });
  afterAll(() => t.close());

  async function createLabel(session: Session, data: Record<string, unknown>) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LabelEntity }>().data;
  }
  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const titles = async (query: string, session = ann) => {
    const response = await get(session, `/api/todos?sort=id&${query}`);
    expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
    const page = response.json<Page>();
    return [page.data.map((todo) => todo.attributes.title), page.meta.pagination.total];
  };

  it('populates labels with populate=*, populate[0]=labels or some fields of them', async () => {
    const full = [
      { id: home.id, attributes: home.attributes },
      { id: work.id, attributes: work.attributes },
    ];
    for (const query of [
      'populate=*',
      'populate[0]=labels',
      'populate=labels',
      'populate[labels]=*',
    ]) {
      const [both] = (await get(ann, `/api/todos?sort=id&${query}`)).json<Page>().data;
      expect(both!.attributes.labels).toEqual({ data: full });
    }
    const star = (await get(ann, '/api/todos?sort=id&populate=*')).json<Page>().data;
    expect(star[0]!.attributes.project).toEqual({ data: null });
    expect(star[3]!.attributes.labels).toEqual({ data: [] });
    const onlyProject = (await get(ann, '/api/todos?populate[0]=project')).json<Page>().data;
    expect(onlyProject[0]!.attributes).not.toHaveProperty('labels');
    const names = await get(ann, `/api/todos/${ids.both}?populate[labels][fields][0]=name`);
    expect(names.json().data.attributes.labels).toEqual({
      data: [
        { id: home.id, attributes: { name: 'home' } },
        { id: work.id, attributes: { name: 'Work' } },
      ],
    });
    const two = await get(
      ann,
      `/api/todos/${ids.both}?populate[labels][fields]=name,color&populate[project]=true`,
    );
    expect(two.json().data.attributes.labels.data[0]).toEqual({
      id: home.id,
      attributes: { name: 'home', color: '#00ff00' },
    });
    expect(two.json().data.attributes.project).toEqual({ data: null });
  });

  it('reads a page’s labels in a bounded number of statements, whatever its size', async () => {
    const user = await register(t.app, credentials('lfiltercount'));
    const label = await createLabel(user, { name: 'many' });
    const other = await createLabel(user, { name: 'more' });
    for (let n = 0; n < 30; n++)
      await createTodo(t.app, user, {
        title: `t${n}`,
        labels: n % 2 ? [label.id] : [label.id, other.id],
      });
    const statements = async (size: number) => {
      const before = counter.count;
      const response = await get(user, `/api/todos?pagination[pageSize]=${size}&populate=*`);
      expect(response.json<Page>().data).toHaveLength(size);
      return counter.count - before;
    };
    expect(await statements(25)).toBe(await statements(2));
  });

  it.each([
    ['filters[labels][id][$eq]=HOME', ['both', 'home only'], 2],
    [
      'filters[labels][id][$in][0]=HOME&filters[labels][id][$in][1]=WORK',
      ['both', 'home only', 'work only'],
      3,
    ],
    ['filters[labels][id][$in][0]=IDLE', [], 0],
    ['filters[labels][id][$null]=true', ['none'], 1],
    ['filters[labels][id][$notNull]=true', ['both', 'home only', 'work only'], 3],
    ['filters[labels][id][$null]=false', ['both', 'home only', 'work only'], 3],
    ['filters[labels][id][$eq]=HOME&filters[labels][id][$in][0]=WORK', ['both'], 1],
    ['filters[labels][name][$eq]=home', ['both', 'home only'], 2],
    ['filters[labels][name][$eq]=work', [], 0],
    ['filters[labels][name][$eqi]=wORK', ['both', 'work only'], 2],
    [
      'filters[labels][name][$in][0]=home&filters[labels][name][$in][1]=Work',
      ['both', 'home only', 'work only'],
      3,
    ],
    ['filters[labels][name]=Work', ['both', 'work only'], 2],
    ['filters[labels][id][$eq]=HOME&filters[title][$contains]=only', ['home only'], 1],
    [
      'filters[labels][id][$in][0]=HOME&filters[labels][id][$in][1]=WORK&pagination[pageSize]=2',
      ['both', 'home only'],
      3,
    ],
  ])('filters %s', async (query, expected, total) => {
    const named = query
      .replace(/HOME/g, String(home.id))
      .replace(/WORK/g, String(work.id))
      .replace(/IDLE/g, String(idle.id));
    expect(await titles(named)).toEqual([expected, total]);
  });

  it('never matches another user’s labels, by id or by name', async () => {
    expect(await titles(`filters[labels][id][$eq]=${bobsHome.id}`)).toEqual([[], 0]);
    expect(await titles('filters[labels][name][$eq]=home', bob)).toEqual([['bob at home'], 1]);
    expect(await titles(`filters[labels][id][$eq]=${home.id}`, bob)).toEqual([[], 0]);
  });

  it.each([
    ['filters[labels][id][$eq]=x', 'filters.labels.id.$eq must be a label id'],
    ['filters[labels][id][$eq]=0', 'filters.labels.id.$eq must be a label id'],
    ['filters[labels][id][$eq]=2147483648', 'filters.labels.id.$eq must be a label id'],
    [
      'filters[labels][id][$ne]=3',
      expect.stringMatching(/^filters.labels.id.\$ne is not a supported operator/),
    ],
    [
      'filters[labels][color][$eq]=red',
      'filters.labels.color is not a filterable field (use id or name)',
    ],
    [
      'filters[labels][name][$containsi]=h',
      expect.stringMatching(/^filters.labels.name.\$containsi is not a supported operator/),
    ],
    ['filters[labels][id][$null]=yes', 'filters.labels.id.$null must be true or false'],
    ['filters[labels]=3', 'filters.labels must be an object such as filters[labels][id][$eq]=3'],
    [
      'populate[labels][fields][0]=owner',
      expect.stringMatching(/^populate.labels.fields must name fields of a label/),
    ],
    ['populate[labels][populate]=*', 'populate.labels.populate is not supported (use fields)'],
  ])('refuses %s with a 400', async (query, message) => {
    const response = await get(ann, `/api/todos?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toEqual(message);
  });

  it('counts open todos per label in the counts call, as todos are completed, trashed and restored', async () => {
    const user = await register(t.app, credentials('lfiltercounts'));
    const [a, b, empty] = [
      await createLabel(user, { name: 'b-second' }),
      await createLabel(user, { name: 'A-first' }),
      await createLabel(user, { name: 'c-empty' }),
    ];
    const one = await createTodo(t.app, user, { title: 'one', labels: [a!.id, b!.id] });
    const two = await createTodo(t.app, user, { title: 'two', labels: [a!.id] });
    await createTodo(t.app, user, { title: 'done', labels: [a!.id], completed: true });
    const counts = async () => (await get(user, '/api/todos/counts')).json().data.labels;
    expect(await counts()).toEqual([
      { id: b!.id, open: 1 },
      { id: a!.id, open: 2 },
      { id: empty!.id, open: 0 },
    ]);
    const send = (
      method: 'PUT' | 'DELETE' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
    ) => call(t.app, user, { method, url, payload });
    await send('PUT', `/api/todos/${two.id}`, { data: { completed: true } });
    await send('DELETE', `/api/todos/${one.id}`);
    expect(await counts()).toEqual([
      { id: b!.id, open: 0 },
      { id: a!.id, open: 0 },
      { id: empty!.id, open: 0 },
    ]);
    await send('POST', `/api/todos/${one.id}/restore`);
    await send('POST', '/api/todos/bulk', { action: 'uncomplete', ids: [two.id] });
    expect(await counts()).toEqual([
      { id: b!.id, open: 1 },
      { id: a!.id, open: 2 },
      { id: empty!.id, open: 0 },
    ]);
  });
});
