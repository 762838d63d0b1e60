/**
 * @jest-environment node
 *
 * POST /api/todos/bulk's `label` and `unlabel`: one label put on or taken off many of the caller's
 * todos in one transaction, counting the todos changed; a missing todo (404), a label not the
 * caller's (400) or a todo past 50 labels (400) changes nothing.
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

describeEachDialect('labels in bulk', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('lbulk'));
    bob = await register(t.app, credentials('lbulkbob'));
  });
  afterAll(() => t.close());

  const bulk = (session: Session, payload: Record<string, unknown>) =>
    call(t.app, session, { method: 'POST', url: '/api/todos/bulk', payload });
  async function createLabel(session: Session, name: string) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data: { name } },
    });
    return response.json<{ data: LabelEntity }>().data;
  }
  const labelled = async (session: Session, labelId: number) =>
    (
      await call(t.app, session, {
        method: 'GET',
        url: `/api/todos?filters[labels][id][$eq]=${labelId}&sort=id`,
      })
    )
      .json()
      .data.map((todo: TodoEntity) => todo.id);

  it('puts a label on many todos and takes it off, counting those it changed', async () => {
    const label = await createLabel(ann, 'many');
    const [a, b, c] = [
      await createTodo(t.app, ann, { title: 'a', labels: [label.id] }),
      await createTodo(t.app, ann, { title: 'b' }),
      await createTodo(t.app, ann, { title: 'c', completed: true }),
    ];
    const on = await bulk(ann, { action: 'label', ids: [a!.id, b!.id, c!.id], label: label.id });
    expect([on.statusCode, on.json()]).toEqual([200, { data: { count: 2 } }]);
    expect(await labelled(ann, label.id)).toEqual([a!.id, b!.id, c!.id]);
    const counts = (await call(t.app, ann, { method: 'GET', url: '/api/todos/counts' })).json();
    expect(counts.data.labels).toEqual([{ id: label.id, open: 2 }]);
    const off = await bulk(ann, { action: 'unlabel', ids: [a!.id, c!.id], label: label.id });
    expect(off.json()).toEqual({ data: { count: 2 } });
    expect(await labelled(ann, label.id)).toEqual([b!.id]);
    const events = await t.database.handle.db
      .selectFrom('todo_events')
      .select('data')
      .where('user_id', '=', ann.user.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(events.map((event) => JSON.parse(event.data))).toEqual([
      { action: 'updated', ids: [a!.id, c!.id] },
      { action: 'updated', ids: [b!.id, c!.id] },
    ]);
  });

  it('changes nothing for a missing todo, another user’s label or a bad body', async () => {
    const label = await createLabel(ann, 'careful');
    const bobs = await createLabel(bob, 'bobs');
    const mine = await createTodo(t.app, ann, { title: 'mine' });
    const his = await createTodo(t.app, bob, { title: 'his' });
    const missing = await bulk(ann, { action: 'label', ids: [mine.id, his.id], label: label.id });
    expect(missing.statusCode).toBe(404);
    const foreign = await bulk(ann, { action: 'label', ids: [mine.id], label: bobs.id });
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([
      400,
      `label ${bobs.id} does not exist`,
    ]);
    expect(await labelled(ann, label.id)).toEqual([]);
    for (const payload of [
      { action: 'label', ids: [mine.id] },
      { action: 'complete', ids: [mine.id], label: label.id },
      { action: 'label', ids: [mine.id], label: 'x' },
    ]) {
      const response = await bulk(ann, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.errors[0].path).toEqual(['label']);
    }
  });

  it('refuses to give a todo a 51st label', async () => {
    const user = await register(t.app, credentials('lbulkfull'));
    const labels: number[] = [];
    for (let n = 0; n < 51; n++) labels.push((await createLabel(user, `L${n}`)).id);
    const full = await createTodo(t.app, user, { title: 'full', labels: labels.slice(0, 50) });
    const other = await createTodo(t.app, user, { title: 'other' });
    const over = await bulk(user, { action: 'label', ids: [other.id, full.id], label: labels[50] });
    expect([over.statusCode, over.json().error.message]).toEqual([
      400,
      'A todo may have at most 50 labels',
    ]);
    expect(await labelled(user, labels[50]!)).toEqual([]);
  });
});
