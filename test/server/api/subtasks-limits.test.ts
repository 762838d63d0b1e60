/**
 * @jest-environment node
 *
 * Subtasks at their limits: two writes at once cannot make a cycle (the owner's writes take turns),
 * another user's todos are never reachable through a parent, and a parent with more subtasks than
 * one statement names (hundreds) is moved, completed, trashed and restored whole.
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

describeEachDialect('subtasks at their limits', (dialect) => {
  let t: TestApp;
  let ann: Session;
  let bob: Session;
  let calls: ReturnType<typeof subtaskCalls>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    calls = subtaskCalls(t);
    ann = await register(t.app, credentials('sublim'));
    bob = await register(t.app, credentials('sublimbob'));
  });
  afterAll(() => t.close());

  it('lets one of two opposite parent changes made at once win, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await calls.add(ann, `A${round}`);
      const b = await calls.add(ann, `B${round}`);
      const answers = await Promise.all([
        calls.put(ann, a, { parent: b }),
        calls.put(ann, b, { parent: a }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const places = [await calls.placeOf(ann, a), await calls.placeOf(ann, b)];
      expect(places.filter((place) => place?.parent === null)).toHaveLength(1);
    }
  });

  it('never reaches another user’s todos through a parent', async () => {
    const annsRoot = await calls.add(ann, 'Ann’s root');
    const annsChild = await calls.add(ann, 'Ann’s child', { parent: annsRoot });
    const bobs = await calls.add(bob, 'Bob’s');
    expect((await calls.put(bob, annsChild, { parent: bobs })).statusCode).toBe(404);
    expect((await calls.put(bob, bobs, { parent: annsRoot })).json().error.message).toBe(
      `parent ${annsRoot} does not exist`,
    );
    expect((await calls.get(bob, `/api/todos/${annsRoot}?populate=*`)).statusCode).toBe(404);
    const bobsPage = (await calls.get(bob, '/api/todos?populate=*')).json<Page>();
    expect(bobsPage.data.map((todo) => todo.attributes.subtasks?.data)).toEqual([[]]);
    expect((await calls.del(bob, annsRoot)).statusCode).toBe(404);
    expect((await calls.restore(bob, annsRoot)).statusCode).toBe(404);
    expect(await calls.placeOf(ann, annsChild)).toEqual({ parent: annsRoot, project: null });
  });

  it('moves, completes, trashes and restores a parent with 600 subtasks whole', async () => {
    const cy = await register(t.app, credentials('sublimbig'));
    const todos = [
      { id: 1, title: 'Big' },
      ...Array.from({ length: 600 }, (_, n) => ({ id: n + 2, title: `Part ${n}`, parent: 1 })),
    ];
    const imported = await call(t.app, cy, {
      method: 'POST',
      url: '/api/todos/import',
      payload: { todos },
    });
    expect(imported.json()).toEqual({ data: { imported: 601 } });
    const big = (await calls.get(cy, '/api/todos?filters[parent][id][$null]=true')).json<Page>()
      .data[0]!.id;
    const children = async (query = '') =>
      (
        await calls.get(
          cy,
          `/api/todos?filters[parent][id][$eq]=${big}&pagination[pageSize]=1${query}`,
        )
      ).json<Page>().meta.pagination.total;
    expect(await children()).toBe(600);
    const home = await calls.createProject(cy, 'Home');
    await calls.put(cy, big, { project: home });
    expect(await children(`&filters[project][id][$eq]=${home}`)).toBe(600);
    const done = await calls.put(cy, big, { completed: true }, '?subtasks=complete');
    expect(done.json().meta).toEqual({ subtasks: { completed: 600 } });
    expect(await children('&filters[completed]=true')).toBe(600);
    expect((await calls.del(cy, big)).json().meta).toEqual({ subtasks: { trashed: 600 } });
    expect(await children()).toBe(0);
    expect((await calls.restore(cy, big)).json().meta).toEqual({ subtasks: { restored: 600 } });
    expect(await children(`&filters[project][id][$eq]=${home}`)).toBe(600);
  });
});
