/**
 * @jest-environment node
 *
 * A todo's parent as a Strapi v4 relation: `data.parent` on create and update (an id, null, { id },
 * { connect }, { set }, { disconnect }); a parent that is missing, trashed or another user's is one
 * and the same 400 with nothing written (unless the offline queue's replay asks for a root); no
 * cycles; at most three levels; a subtask lives in its parent's project. Populate and filters:
 * subtasks-populate.test.ts; the trash and completion: subtasks-trash.test.ts.
 */
import type { Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { subtaskCalls, type Page } from '../support/subtasks';

const error400 = (path: string, message: string) => ({
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message,
    details: { errors: [{ path: [path], message, name: 'ValidationError' }] },
  },
});

describeEachDialect('subtasks (the parent relation)', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let calls: ReturnType<typeof subtaskCalls>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    calls = subtaskCalls(t);
    ann = await register(t.app, credentials('sub'));
    bob = await register(t.app, credentials('subbob'));
  });
  afterAll(() => t.close());

  const total = async (session: Session) =>
    (await calls.get(session, '/api/todos')).json<Page>().meta.pagination.total;

  it.each([
    ['an id', (id: number) => id],
    ['{ id }', (id: number) => ({ id })],
    ['{ connect: [id] }', (id: number) => ({ connect: [id] })],
    ['{ connect: [{ id }] }', (id: number) => ({ connect: [{ id }] })],
    ['{ set: [id] }', (id: number) => ({ set: [id] })],
  ])('takes the parent as %s, on create and update', async (_form, write) => {
    const root = await calls.add(ann, 'Root');
    const other = await calls.add(ann, 'Other root');
    const child = await calls.add(ann, 'Child', { parent: write(root) });
    expect(await calls.placeOf(ann, child)).toEqual({ parent: root, project: null });
    expect((await calls.put(ann, child, { parent: write(other) })).statusCode).toBe(200);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: other, project: null });
  });

  it.each([
    ['null', () => null],
    ['{ set: [] }', () => ({ set: [] })],
    ['{ disconnect: [id] }', (id: number) => ({ disconnect: [id] })],
  ])('makes a subtask a root with %s', async (_form, write) => {
    const root = await calls.add(ann, 'Root');
    const child = await calls.add(ann, 'Child', { parent: root });
    const answer = await calls.put(ann, child, { parent: write(root) });
    expect([answer.statusCode, answer.json().data.attributes]).toEqual([
      200,
      expect.not.objectContaining({ parent: expect.anything() }),
    ]);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: null });
  });

  it('refuses a missing, trashed or another user’s parent with one 400, writing nothing', async () => {
    const bobs = await calls.add(bob, 'Bob’s');
    const gone = await calls.add(ann, 'Gone');
    await calls.del(ann, gone);
    const todo = await calls.add(ann, 'Stays');
    const before = await total(ann);
    for (const id of [bobs, gone, 2_000_000_000]) {
      for (const response of [
        await calls.post(ann, { title: 'Nope', parent: id }),
        await calls.put(ann, todo, { parent: id, title: 'Renamed' }),
        await calls.put(ann, todo, { parent: { connect: [id] } }),
      ])
        expect([response.statusCode, response.json()]).toEqual([
          400,
          error400('parent', `parent ${id} does not exist`),
        ]);
    }
    expect(await total(ann)).toBe(before);
    expect((await calls.get(ann, `/api/todos/${todo}`)).json().data.attributes.title).toBe('Stays');
    expect(await calls.placeOf(ann, todo)).toEqual({ parent: null, project: null });
    // Bob's todo gained no subtask.
    const bobsChildren = await calls.get(bob, `/api/todos?filters[parent][id][$eq]=${bobs}`);
    expect(bobsChildren.json<Page>().meta.pagination.total).toBe(0);
  });

  it('refuses a todo as its own parent or under one of its subtasks', async () => {
    const root = await calls.add(ann, 'Root');
    const child = await calls.add(ann, 'Child', { parent: root });
    const grandchild = await calls.add(ann, 'Grandchild', { parent: child });
    const message =
      'A todo cannot be its own ancestor: the parent is this todo or one of its subtasks';
    for (const [id, parent] of [
      [root, root],
      [root, child],
      [root, grandchild],
      [child, grandchild],
      [child, child],
    ])
      expect((await calls.put(ann, id!, { parent: parent })).json()).toEqual(
        error400('parent', message),
      );
    expect(await calls.placeOf(ann, root)).toEqual({ parent: null, project: null });
  });

  it('keeps todos at most three levels deep, the moved subtree counted', async () => {
    const root = await calls.add(ann, 'Root');
    const child = await calls.add(ann, 'Child', { parent: root });
    const grandchild = await calls.add(ann, 'Grandchild', { parent: child });
    const tooDeep = (id: number) =>
      error400(
        'parent',
        `Subtasks go at most 3 levels deep (a todo, its subtasks and theirs): under todo ${id}, this todo or one of its subtasks would be deeper`,
      );
    expect((await calls.post(ann, { title: 'Deeper', parent: grandchild })).json()).toEqual(
      tooDeep(grandchild),
    );
    // A root with a child cannot go under a child; a lone root can.
    const other = await calls.add(ann, 'Other');
    const otherChild = await calls.add(ann, 'Other child', { parent: other });
    expect((await calls.put(ann, other, { parent: child })).json()).toEqual(tooDeep(child));
    expect((await calls.put(ann, other, { parent: root })).statusCode).toBe(200);
    expect(await calls.placeOf(ann, otherChild)).toEqual({ parent: other, project: null });
    const lone = await calls.add(ann, 'Lone');
    expect((await calls.put(ann, lone, { parent: child })).statusCode).toBe(200);
  });

  it('puts a subtask in its parent’s project, and moves a subtree with its root', async () => {
    const work = await calls.createProject(ann, 'Work');
    const home = await calls.createProject(ann, 'Home');
    const root = await calls.add(ann, 'Report', { project: work });
    const child = await calls.add(ann, 'Draft', { parent: root });
    const grandchild = await calls.add(ann, 'Outline', { parent: child });
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: work });
    // Naming the parent's project too is fine; another one is a 400.
    expect((await calls.post(ann, { title: 'x', parent: root, project: work })).statusCode).toBe(
      200,
    );
    for (const project of [home, null])
      expect((await calls.post(ann, { title: 'x', parent: root, project })).json()).toEqual(
        error400(
          'project',
          `A subtask is in its parent’s project: project must be ${work} or left out`,
        ),
      );
    const before = (await calls.get(ann, `/api/todos/${root}`)).json().data;
    const moved = await calls.put(ann, root, { project: home });
    expect(moved.json().data).toEqual({
      ...before,
      attributes: { ...before.attributes, updatedAt: expect.any(String) },
    });
    for (const id of [child, grandchild])
      expect((await calls.placeOf(ann, id))?.project).toBe(home);
    // A todo made a subtask joins its parent's project, with its own subtasks.
    const loose = await calls.add(ann, 'Loose', { project: work });
    const looseChild = await calls.add(ann, 'Loose child', { parent: loose });
    expect((await calls.put(ann, loose, { parent: root })).statusCode).toBe(200);
    expect(await calls.placeOf(ann, looseChild)).toEqual({ parent: loose, project: home });
    // A subtask moved to another project alone leaves its parent: a root there, with its subtree.
    expect((await calls.put(ann, child, { project: work })).statusCode).toBe(200);
    expect(await calls.placeOf(ann, child)).toEqual({ parent: null, project: work });
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: work });
    // Its own project again is no move.
    expect((await calls.put(ann, grandchild, { project: work })).statusCode).toBe(200);
    expect(await calls.placeOf(ann, grandchild)).toEqual({ parent: child, project: work });
  });

  it('makes a replayed write whose parent is gone a root when asked, and says so', async () => {
    const doomed = await calls.add(ann, 'Doomed');
    const todo = await calls.add(ann, 'Queued edit');
    await calls.del(ann, doomed);
    const note = {
      missing: true,
      message: 'The parent todo no longer exists: the todo has no parent',
    };
    const created = await calls.post(
      ann,
      { title: 'Queued add', parent: doomed },
      '?onMissingParent=root',
    );
    expect([created.statusCode, created.json().meta]).toEqual([200, { parent: note }]);
    expect(await calls.placeOf(ann, created.json().data.id)).toEqual({
      parent: null,
      project: null,
    });
    const edited = await calls.put(
      ann,
      todo,
      { parent: doomed, title: 'Edited' },
      '?onMissingParent=root',
    );
    expect([edited.statusCode, edited.json().meta]).toEqual([200, { parent: note }]);
    expect(edited.json().data.attributes.title).toBe('Edited');
    const live = await calls.add(ann, 'Live');
    const fine = await calls.put(ann, todo, { parent: live }, '?onMissingParent=root');
    expect([fine.json().meta, await calls.placeOf(ann, todo)]).toEqual([
      {},
      { parent: live, project: null },
    ]);
    // A subtask sent to a project deleted meanwhile leaves its parent for the Inbox, not half-moved.
    const gone = await calls.createProject(ann, 'Gone soon');
    const kept = await calls.add(ann, 'In a project', {
      project: await calls.createProject(ann, 'Stays'),
    });
    const inWork = await calls.add(ann, 'Sub', { parent: kept });
    await call(t.app, ann, { method: 'DELETE', url: `/api/projects/${gone}` });
    const replayed = await calls.put(ann, inWork, { project: gone }, '?onMissingProject=inbox');
    expect(replayed.json().meta.project.missing).toBe(true);
    expect(await calls.placeOf(ann, inWork)).toEqual({ parent: null, project: null });
    // Rules other than a missing parent still hold.
    expect((await calls.put(ann, live, { parent: todo }, '?onMissingParent=root')).statusCode).toBe(
      400,
    );
    expect((await calls.post(ann, { title: 'x' }, '?onMissingParent=maybe')).statusCode).toBe(400);
  });

  it.each([
    ['"3"', '3'],
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['true', true],
    ['[3]', [3]],
    ['{ connect: [1, 2] }', { connect: [1, 2] }],
    ['{ connect: 3 }', { connect: 3 }],
    ['{ link: [3] }', { link: [3] }],
    ['2147483648', 2_147_483_648],
  ])('refuses the parent %s as malformed', async (_name, parent) => {
    const response = await calls.post(ann, { title: 'Bad', parent });
    expect(response.json()).toEqual(
      error400(
        'parent',
        'parent must be a todo id, null (no parent), or { connect: [id] }, { set: [id] } or { disconnect: [id] }',
      ),
    );
  });
});
