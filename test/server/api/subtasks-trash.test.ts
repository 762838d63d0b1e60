/**
 * @jest-environment node
 *
 * Subtrees through the trash and completion: a deleted todo takes its live subtasks along with the
 * same deletedAt (meta says how many), a restore brings back exactly those, a subtask restored
 * without its parent comes back as a root (or joins its parent where it now is), bulk delete and
 * restore carry subtrees too, and no pointer outlives a purged todo. Completing a parent completes
 * its open subtasks only when asked (?subtasks=complete).
 */
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

describeEachDialect('subtasks through the trash', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let calls: ReturnType<typeof subtaskCalls>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    calls = subtaskCalls(t);
    ann = await register(t.app, credentials('subtrash'));
  });
  afterAll(() => t.close());

  /** A root with two children, the first with a child: [root, child, grandchild, second]. */
  async function tree(prefix: string, data: Record<string, unknown> = {}) {
    const root = await calls.add(ann, `${prefix} root`, data);
    const child = await calls.add(ann, `${prefix} child`, { parent: root });
    const grandchild = await calls.add(ann, `${prefix} grandchild`, { parent: child });
    const second = await calls.add(ann, `${prefix} second`, { parent: root });
    return [root, child, grandchild, second] as const;
  }
  const trashed = async () =>
    new Map(
      (await calls.get(ann, '/api/todos/trash?pagination[pageSize]=100'))
        .json<{ data: { id: number; attributes: { deletedAt: string } }[] }>()
        .data.map((todo) => [todo.id, todo.attributes.deletedAt]),
    );
  const bulk = (action: string, ids: number[]) =>
    call(t.app, ann, { method: 'POST', url: '/api/todos/bulk', payload: { action, ids } });
  const events = async () =>
    (
      await t.database.handle.db
        .selectFrom('todo_events')
        .select('data')
        .where('user_id', '=', ann.user.id)
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.data));

  it('trashes a todo with its subtree at one time, and says how many', async () => {
    const [root, child, grandchild, second] = await tree('Del');
    const loneChild = await calls.add(ann, 'Lone', { parent: child });
    expect((await calls.del(ann, loneChild)).json().meta).toEqual({});
    const answer = await calls.del(ann, root);
    expect([answer.statusCode, answer.json().meta]).toEqual([200, { subtasks: { trashed: 3 } }]);
    const inTrash = await trashed();
    for (const id of [child, grandchild, second]) expect(inTrash.get(id)).toBe(inTrash.get(root));
    expect(inTrash.get(loneChild)).not.toBe(inTrash.get(root));
    expect((await events()).slice(-2)).toEqual([
      { action: 'deleted', id: root },
      { action: 'deleted', ids: [child, grandchild, second] },
    ]);
    // The restore brings back exactly those trashed with it, in place.
    const restored = await calls.restore(ann, root);
    expect([restored.statusCode, restored.json().meta]).toEqual([
      200,
      { subtasks: { restored: 3 } },
    ]);
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: null });
    expect((await trashed()).has(loneChild)).toBe(true);
    expect((await events()).slice(-2)).toEqual([
      { action: 'created', id: root },
      { action: 'created', ids: [child, grandchild, second] },
    ]);
  });

  it('tells live streams about the subtasks a move or a completion carried', async () => {
    const [root, child, grandchild, second] = await tree('Events');
    await calls.put(ann, root, { project: await calls.createProject(ann, 'Events') });
    expect((await events()).slice(-2)).toEqual([
      { action: 'updated', id: root },
      { action: 'updated', ids: [child, grandchild, second] },
    ]);
    await calls.put(ann, root, { completed: true }, '?subtasks=complete');
    expect((await events()).slice(-2)).toEqual([
      { action: 'updated', id: root },
      { action: 'updated', ids: [child, grandchild, second] },
    ]);
  });

  it('brings a subtask restored without its parent back as a root', async () => {
    const work = await calls.createProject(ann, 'Trash work');
    const [root, child, grandchild] = await tree('Alone', { project: work });
    await calls.del(ann, root);
    // The grandchild first (its parent is in the trash), then the child: each a root, in the project.
    expect((await calls.restore(ann, grandchild)).statusCode).toBe(200);
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: null, project: work });
    expect((await calls.restore(ann, child)).json().meta).toEqual({});
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: work });
    // Its project in the trash too: the Inbox, as for any todo.
    await calls.del(ann, child);
    await call(t.app, ann, { method: 'DELETE', url: `/api/projects/${work}` });
    await calls.restore(ann, child);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: null });
  });

  it('joins a restored subtask to its live parent where it is now, unless it would sit too deep', async () => {
    const home = await calls.createProject(ann, 'Trash home');
    const [root, child, grandchild] = await tree('Moved');
    await calls.del(ann, grandchild);
    await calls.put(ann, root, { project: home });
    await calls.restore(ann, grandchild);
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: home });
    // A child trashed with its subtree, its parent since moved one level down: too deep to join.
    await calls.del(ann, child);
    const top = await calls.add(ann, 'Top', { project: home });
    await calls.put(ann, root, { parent: top });
    await calls.restore(ann, child);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: home });
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: home });
  });

  it('carries subtrees through bulk delete and restore, counting them', async () => {
    const [root, child, grandchild, second] = await tree('Bulk');
    const other = await calls.add(ann, 'Bulk other');
    const deleted = await bulk('delete', [root, other]);
    expect(deleted.json()).toEqual({ data: { count: 5 } });
    const inTrash = await trashed();
    for (const id of [child, grandchild, second]) expect(inTrash.get(id)).toBe(inTrash.get(root));
    expect((await bulk('restore', [root])).json()).toEqual({ data: { count: 4 } });
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: null });
    // A subtask named with its root is counted once.
    await bulk('delete', [root]);
    expect((await bulk('restore', [root, child])).json()).toEqual({ data: { count: 4 } });
    // Restoring all: every subtask back under its parent.
    await calls.del(ann, second);
    await calls.del(ann, root);
    const all = await call(t.app, ann, { method: 'POST', url: '/api/todos/trash/restore' });
    expect(all.statusCode).toBe(200);
    expect(await calls.placeOf(ann, second)).toEqual({ parent: root, project: null });
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: null });
  });

  it('leaves no pointer to a purged todo', async () => {
    const { db } = t.database.handle;
    const [root, child] = await tree('Purge');
    await calls.del(ann, child);
    // The parent purged while its child stays in the trash: the child is a root.
    await db.deleteFrom('todos').where('id', '=', root).execute();
    const row = await db
      .selectFrom('todos')
      .select('parent_id')
      .where('id', '=', child)
      .executeTakeFirstOrThrow();
    expect(row.parent_id).toBeNull();
    await calls.restore(ann, child);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: null });
    await tree('Emptied').then(([top]) => calls.del(ann, top));
    expect((await call(t.app, ann, { method: 'DELETE', url: '/api/todos/trash' })).statusCode).toBe(
      204,
    );
    const dangling = await db
      .selectFrom('todos as t')
      .leftJoin('todos as p', 'p.id', 't.parent_id')
      .select('t.id')
      .where('t.parent_id', 'is not', null)
      .where('p.id', 'is', null)
      .execute();
    expect(dangling).toEqual([]);
  });

  it('completes a parent alone, or with its open subtasks when asked', async () => {
    const [root, child, grandchild, second] = await tree('Done');
    await calls.put(ann, second, { completed: true });
    const alone = await calls.put(ann, root, { completed: true });
    expect(alone.json().meta).toEqual({});
    const open = async () =>
      (await calls.get(ann, `/api/todos?filters[title][$contains]=Done&filters[completed]=false`))
        .json<Page>()
        .data.map((todo) => todo.id);
    expect(await open()).toEqual([child, grandchild]);
    await calls.put(ann, root, { completed: false });
    expect(await open()).toEqual([root, child, grandchild]);
    const all = await calls.put(ann, root, { completed: true }, '?subtasks=complete');
    expect([all.statusCode, all.json().meta]).toEqual([200, { subtasks: { completed: 2 } }]);
    expect(await open()).toEqual([]);
    // Un-completing leaves the subtasks alone.
    await calls.put(ann, root, { completed: false }, '?subtasks=complete');
    expect(await open()).toEqual([root]);
    expect((await calls.put(ann, root, { title: 'x' }, '?subtasks=all')).statusCode).toBe(400);
  });

  it('makes a repeating subtask’s next occurrence under its parent, and a repeating parent’s without subtasks', async () => {
    const weekly = { dueDate: '2026-12-07', recurrence: 'FREQ=WEEKLY' };
    const parent = await calls.add(ann, 'Chores', weekly);
    const sub = await calls.add(ann, 'Water plants', { ...weekly, parent });
    await calls.put(ann, parent, { completed: true }, '?subtasks=complete');
    const open = (
      await calls.get(
        ann,
        '/api/todos?filters[completed]=false&populate=*&pagination[pageSize]=100',
      )
    )
      .json<Page>()
      .data.filter((todo) => ['Chores', 'Water plants'].includes(todo.attributes.title));
    const shape = (todo: TodoEntity) => [
      todo.attributes.title,
      todo.attributes.dueDate,
      todo.attributes.parent?.data?.id ?? null,
      todo.attributes.subtasks?.data.length,
    ];
    expect(open.map(shape).sort()).toEqual([
      ['Chores', '2026-12-14', null, 0],
      ['Water plants', '2026-12-14', parent, 0],
    ]);
    expect(open.every((todo) => todo.id !== sub)).toBe(true);
  });
});
