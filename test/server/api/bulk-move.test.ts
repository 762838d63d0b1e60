/**
 * @jest-environment node
 *
 * POST /api/todos/bulk's `move`: many of the caller's todos into one project or the Inbox in one
 * transaction, counting the todos moved; subtrees go with their roots, a subtask moved alone leaves
 * its parent; another user's project or todo changes nothing.
 */
import type { ProjectEntity, Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('moving todos in bulk', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('mbulk'));
    bob = await register(t.app, credentials('mbulkbob'));
  });
  afterAll(() => t.close());

  const bulk = (session: Session, payload: Record<string, unknown>) =>
    call(t.app, session, { method: 'POST', url: '/api/todos/bulk', payload });
  async function createProject(session: Session, name: string) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name } },
    });
    return response.json<{ data: ProjectEntity }>().data.id;
  }
  /** Each of the caller's live todos as [title, project id or null, parent id or null], by id. */
  const placed = async (session: Session) =>
    (
      await call(t.app, session, {
        method: 'GET',
        url: '/api/todos?populate[0]=project&populate[1]=parent&sort=id&pagination[pageSize]=100',
      })
    )
      .json<{
        data: {
          attributes: {
            title: string;
            project: { data: { id: number } | null };
            parent: { data: { id: number } | null };
          };
        }[];
      }>()
      .data.map(({ attributes: { title, project, parent } }) => [
        title,
        project.data?.id ?? null,
        parent.data?.id ?? null,
      ]);

  it('moves todos into a project and back to the Inbox, their subtrees with them', async () => {
    const session = await register(t.app, credentials('mover'));
    const work = await createProject(session, 'Work');
    const a = await createTodo(t.app, session, { title: 'a' });
    const b = await createTodo(t.app, session, { title: 'b', completed: true });
    const parent = await createTodo(t.app, session, { title: 'parent' });
    const child = await createTodo(t.app, session, { title: 'child', parent: parent!.id });
    await createTodo(t.app, session, { title: 'grand', parent: child!.id });
    const moved = await bulk(session, {
      action: 'move',
      ids: [a!.id, b!.id, parent!.id],
      project: work,
    });
    expect([moved.statusCode, moved.json()]).toEqual([200, { data: { count: 3 } }]);
    expect(await placed(session)).toEqual([
      ['a', work, null],
      ['b', work, null],
      ['parent', work, null],
      ['child', work, parent!.id],
      ['grand', work, child!.id],
    ]);
    // Already there: nothing changes, nothing is counted.
    const again = await bulk(session, { action: 'move', ids: [a!.id], project: work });
    expect(again.json()).toEqual({ data: { count: 0 } });
    // A subtask moved alone leaves its parent; the one below it comes along.
    const out = await bulk(session, { action: 'move', ids: [child!.id, b!.id], project: null });
    expect([out.statusCode, out.json()]).toEqual([200, { data: { count: 2 } }]);
    expect(await placed(session)).toEqual([
      ['a', work, null],
      ['b', null, null],
      ['parent', work, null],
      ['child', null, null],
      ['grand', null, child!.id],
    ]);
  });

  it('refuses another user’s project or todo, and a missing project, changing nothing', async () => {
    const bobs = await createProject(bob, 'Bob’s');
    const mine = await createProject(ann, 'Mine');
    const todo = await createTodo(t.app, ann, { title: 'stays' });
    const before = await placed(ann);
    const foreignProject = await bulk(ann, { action: 'move', ids: [todo!.id], project: bobs });
    const missingProject = await bulk(ann, { action: 'move', ids: [todo!.id], project: 999_999 });
    for (const [response, id] of [
      [foreignProject, bobs],
      [missingProject, 999_999],
    ] as const) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(`project ${id} does not exist`);
    }
    const bobsTodo = await createTodo(t.app, bob, { title: 'Bob’s todo' });
    const foreignTodo = await bulk(ann, {
      action: 'move',
      ids: [todo!.id, bobsTodo!.id],
      project: mine,
    });
    expect(foreignTodo.statusCode).toBe(404);
    expect(await placed(ann)).toEqual(before);
    expect(await placed(bob)).toEqual([['Bob’s todo', null, null]]);
  });

  it('asks for the project with move, and only with it', async () => {
    const todo = await createTodo(t.app, ann, { title: 'x' });
    const cases = [
      { action: 'move', ids: [todo!.id] },
      { action: 'complete', ids: [todo!.id], project: null },
      { action: 'move', ids: [todo!.id], project: 'Work' },
    ];
    for (const payload of cases) {
      const response = await bulk(ann, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.errors[0].path).toEqual(['project']);
    }
  });
});
