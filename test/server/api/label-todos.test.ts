/**
 * @jest-environment node
 *
 * A todo's labels as a Strapi v4 relation: `data.labels` on create and update ([ids], [{ id }],
 * { connect, disconnect }, { set }); a label that is missing or another user's is one and the same
 * 400 with nothing written, unless the offline queue's replay asks to drop it; at most 50 labels a
 * todo; links go with a todo deleted for good and with an account; a series' next occurrence keeps
 * the labels. populate, filters and counts: label-filters.test.ts.
 */
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

describeEachDialect('todos with labels', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let home: LabelEntity;
  let work: LabelEntity;
  let urgent: LabelEntity;
  let bobs: LabelEntity;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_LABELS_PER_USER: '60' });
    ann = await register(t.app, credentials('ltodo'));
    bob = await register(t.app, credentials('ltodobob'));
    home = await createLabel(ann, 'home');
    work = await createLabel(ann, 'Work');
    urgent = await createLabel(ann, 'urgent');
    bobs = await createLabel(bob, 'Bob’s');
  });
  afterAll(() => t.close());

  async function createLabel(session: Session, name: string) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data: { name } },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LabelEntity }>().data;
  }
  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const post = (session: Session, data: unknown, query = '') =>
    call(t.app, session, { method: 'POST', url: `/api/todos${query}`, payload: { data } });
  const put = (session: Session, id: number, data: unknown, query = '') =>
    call(t.app, session, { method: 'PUT', url: `/api/todos/${id}${query}`, payload: { data } });
  const labelsOf = async (session: Session, id: number) =>
    (await get(session, `/api/todos/${id}?populate=labels`))
      .json()
      .data.attributes.labels.data.map((label: { id: number }) => label.id);
  const issueOf = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { message: string; details: { errors: { path: string[] }[] } };
    };
    return { message: error.message, path: error.details.errors[0]?.path };
  };
  const todoCount = async (session: Session) =>
    (await get(session, '/api/todos')).json().meta.pagination.total;

  it('labels a todo on create, answering without the relation unless populated', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Tagged', labels: [work.id, home.id] });
    expect(todo.attributes).not.toHaveProperty('labels');
    // In name order, whatever the order given.
    expect(await labelsOf(ann, todo.id)).toEqual([home.id, work.id]);
    const bare = await createTodo(t.app, ann, { title: 'Bare' });
    expect(await labelsOf(ann, bare.id)).toEqual([]);
  });

  it.each([
    ['[ids]', (ids: number[]) => ids],
    ['[{ id }]', (ids: number[]) => ids.map((id) => ({ id }))],
    ['{ set: [ids] }', (ids: number[]) => ({ set: ids })],
    ['{ set: [{ id }] }', (ids: number[]) => ({ set: ids.map((id) => ({ id })) })],
  ])('replaces the labels given as %s, on create and update', async (_form, write) => {
    const todo = await createTodo(t.app, ann, { title: 'Form', labels: write([home.id]) });
    expect(await labelsOf(ann, todo.id)).toEqual([home.id]);
    expect((await put(ann, todo.id, { labels: write([urgent.id, work.id]) })).statusCode).toBe(200);
    expect(await labelsOf(ann, todo.id)).toEqual([urgent.id, work.id]);
    expect((await put(ann, todo.id, { labels: write([]) })).statusCode).toBe(200);
    expect(await labelsOf(ann, todo.id)).toEqual([]);
  });

  it('adds and removes with connect and disconnect, leaving the others', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Connect', labels: [home.id] });
    await put(ann, todo.id, { labels: { connect: [{ id: work.id }, urgent.id] } });
    expect(await labelsOf(ann, todo.id)).toEqual([home.id, urgent.id, work.id]);
    await put(ann, todo.id, { labels: { disconnect: [home.id], connect: [work.id] } });
    expect(await labelsOf(ann, todo.id)).toEqual([urgent.id, work.id]);
    // Disconnecting a label the todo lacks changes nothing; null takes every label off.
    await put(ann, todo.id, { labels: { disconnect: [home.id] } });
    expect(await labelsOf(ann, todo.id)).toEqual([urgent.id, work.id]);
    await put(ann, todo.id, { labels: null });
    expect(await labelsOf(ann, todo.id)).toEqual([]);
  });

  it('keeps the labels when a write does not name them', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Keep', labels: [home.id] });
    await put(ann, todo.id, { title: 'Kept', completed: true });
    expect(await labelsOf(ann, todo.id)).toEqual([home.id]);
  });

  it('answers another user’s label exactly as a missing one, writing nothing', async () => {
    const todo = await createTodo(t.app, ann, { title: 'Mine', labels: [home.id] });
    const before = await todoCount(ann);
    const answers = [];
    for (const id of [bobs.id, 2_147_483_647]) {
      for (const response of [
        await post(ann, { title: 'Nope', labels: [home.id, id] }),
        await put(ann, todo.id, { title: 'Changed', labels: { connect: [id] } }),
        await put(ann, todo.id, { labels: { set: [id] } }),
      ]) {
        const { message, path } = issueOf(response);
        answers.push([message.replace(String(id), 'N'), path]);
      }
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify(['label N does not exist', ['labels']])]),
    );
    expect(issueOf(await post(ann, { title: 'x', labels: [bobs.id] })).message).toBe(
      `label ${bobs.id} does not exist`,
    );
    expect(await todoCount(ann)).toBe(before);
    const kept = await get(ann, `/api/todos/${todo.id}`);
    expect(kept.json().data.attributes.title).toBe('Mine');
    expect(await labelsOf(ann, todo.id)).toEqual([home.id]);
    expect(
      await labelsOf(bob, (await createTodo(t.app, bob, { title: 'b', labels: [bobs.id] })).id),
    ).toEqual([bobs.id]);
  });

  it('drops a missing label with ?onMissingLabel=drop, saying so in meta', async () => {
    const created = await post(
      ann,
      { title: 'Offline', labels: [home.id, bobs.id] },
      '?onMissingLabel=drop',
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().meta).toEqual({
      labels: {
        missing: [bobs.id],
        message: 'Some labels no longer exist: the todo was saved without them',
      },
    });
    const id = created.json().data.id;
    expect(await labelsOf(ann, id)).toEqual([home.id]);
    const updated = await put(
      ann,
      id,
      { labels: { connect: [work.id, 99_999] } },
      '?onMissingLabel=drop',
    );
    expect(updated.json().meta.labels.missing).toEqual([99_999]);
    expect(await labelsOf(ann, id)).toEqual([home.id, work.id]);
    const clean = await put(ann, id, { labels: [work.id] }, '?onMissingLabel=drop');
    expect(clean.json().meta).toEqual({});
    expect(issueOf(await post(ann, { title: 'x' }, '?onMissingLabel=keep')).message).toBe(
      'onMissingLabel must be refuse or drop',
    );
  });

  it.each([
    [
      { labels: 'home' },
      'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }',
    ],
    [
      { labels: [0] },
      'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }',
    ],
    [
      { labels: [1.5] },
      'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }',
    ],
    [
      { labels: ['1'] },
      'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }',
    ],
    [
      { labels: { add: [1] } },
      'labels must be a list of label ids, or { connect: [id], disconnect: [id] } or { set: [id] }',
    ],
    [{ labels: { set: [1], connect: [2] } }, 'labels takes set alone, or connect and disconnect'],
    [{ labels: Array.from({ length: 51 }, (_, n) => n + 1) }, 'A todo may have at most 50 labels'],
  ])('refuses %j', async (data, message) => {
    expect(issueOf(await post(ann, { title: 'Bad', ...data }))).toEqual({
      message,
      path: ['labels'],
    });
  });

  it('keeps at most 50 labels on a todo, counting those it has', async () => {
    const user = await register(t.app, credentials('ltodomax'));
    const ids: number[] = [];
    for (let n = 0; n < 51; n++) ids.push((await createLabel(user, `L${n}`)).id);
    const todo = await createTodo(t.app, user, { title: 'Full', labels: ids.slice(0, 50) });
    expect(await labelsOf(user, todo.id)).toHaveLength(50);
    const over = await put(user, todo.id, { title: 'Over', labels: { connect: [ids[50]] } });
    expect(issueOf(over)).toEqual({
      message: 'A todo may have at most 50 labels',
      path: ['labels'],
    });
    expect((await get(user, `/api/todos/${todo.id}`)).json().data.attributes.title).toBe('Full');
    const swap = await put(user, todo.id, { labels: { disconnect: [ids[0]], connect: [ids[50]] } });
    expect(swap.statusCode).toBe(200);
  });

  it('removes the links of a todo deleted for good, and an account’s labels', async () => {
    const gus = await register(t.app, credentials('ltodogone'));
    const label = await createLabel(gus, 'Mine');
    const todo = await createTodo(t.app, gus, { title: 'Doomed', labels: [label.id] });
    const kept = await createTodo(t.app, gus, { title: 'Stays', labels: [label.id] });
    await call(t.app, gus, { method: 'DELETE', url: `/api/todos/${todo.id}` });
    await call(t.app, gus, { method: 'DELETE', url: '/api/todos/trash' });
    const { db } = t.database.handle;
    const links = () =>
      db.selectFrom('todo_labels').select('todo_id').where('owner_id', '=', gus.user.id).execute();
    expect(await links()).toEqual([{ todo_id: kept.id }]);
    const gone = await call(t.app, gus, {
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: 'Kiwi#Lamp42' },
    });
    expect(gone.statusCode).toBe(204);
    expect(await links()).toEqual([]);
    expect(
      await db.selectFrom('labels').select('id').where('owner_id', '=', gus.user.id).execute(),
    ).toEqual([]);
  });

  it('gives a series’ next occurrence the labels of the one completed', async () => {
    const todo = await createTodo(t.app, ann, {
      title: 'Weekly',
      dueDate: '2030-01-07',
      recurrence: 'FREQ=WEEKLY',
      labels: [home.id, work.id],
    });
    await put(ann, todo.id, { completed: true });
    const page = await get(
      ann,
      '/api/todos?filters[title][$contains]=Weekly&populate=labels&sort=id',
    );
    const [, next] = page.json().data as TodoEntity[];
    expect(next!.attributes.dueDate).toBe('2030-01-14');
    expect(next!.attributes.labels!.data.map((label) => label.id)).toEqual([home.id, work.id]);
  });
});
