/**
 * @jest-environment node
 *
 * Migration 026 keeps each project's and label's open todos and each label's live ones. Going down
 * and up again over a database that holds projects, labels and todos in every state, it counts
 * what is there (the backfill), and its triggers go on counting the writes after it.
 */
import type { Session } from '../../../../src/shared/api-types';
import { down, up } from '../../../../src/server/db/migrations/026-open-counts';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../../support/app';

describeEachDialect('migration 026 (open counts of projects and labels)', (dialect) => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ann = await register(t.app, credentials('opencounts'));
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, data?: object) =>
    call(t.app, ann, { method, url, payload: data && { data } });
  const created = async (url: string, data: object) =>
    (await send('POST', url, data)).json<{ data: { id: number } }>().data.id;
  const counts = async () =>
    (await call(t.app, ann, { method: 'GET', url: '/api/todos/counts' })).json().data;
  /** A label's page totals: all its live todos, and the completed ones. */
  const labelTotals = async (id: number) => {
    const total = async (query: string) =>
      (await call(t.app, ann, { method: 'GET', url: `/api/todos?${query}` })).json().meta.pagination
        .total;
    return [
      await total(`filters[labels][id][$eq]=${id}`),
      await total(`filters[labels][id][$eq]=${id}&filters[completed][$eq]=true`),
    ];
  };

  it('counts the open todos already there, and the writes after it', async () => {
    const work = await created('/api/projects', { name: 'Work' });
    const home = await created('/api/projects', { name: 'Home' });
    const gone = await created('/api/projects', { name: 'Gone' });
    const urgent = await created('/api/labels', { name: 'Urgent' });
    const later = await created('/api/labels', { name: 'Later' });
    await createTodo(t.app, ann, { title: 'open', project: work, labels: [urgent, later] });
    await createTodo(t.app, ann, { title: 'open too', project: work, labels: [urgent] });
    await createTodo(t.app, ann, {
      title: 'done',
      project: work,
      labels: [urgent],
      completed: true,
    });
    const trashed = await createTodo(t.app, ann, {
      title: 'trashed',
      project: home,
      labels: [later],
    });
    await send('DELETE', `/api/todos/${trashed.id}`);
    await createTodo(t.app, ann, { title: 'in a trashed project', project: gone, labels: [later] });
    await send('DELETE', `/api/projects/${gone}`);
    await createTodo(t.app, ann, { title: 'inbox' });
    const expected = {
      all: 3,
      inbox: 1,
      projects: [
        { id: work, open: 2 },
        { id: home, open: 0 },
      ],
      labels: [
        { id: later, open: 1 },
        { id: urgent, open: 2 },
      ],
    };
    expect(await counts()).toEqual(expected);

    const db = t.database.handle.db;
    await down(db);
    await up(db);
    expect(await counts()).toEqual(expected);
    expect([await labelTotals(urgent), await labelTotals(later)]).toEqual([
      [3, 1],
      [1, 0],
    ]);

    await createTodo(t.app, ann, { title: 'after', project: home, labels: [later] });
    await send('POST', `/api/projects/${gone}/restore`);
    expect(await counts()).toEqual({
      all: 5,
      inbox: 1,
      projects: [
        { id: work, open: 2 },
        { id: home, open: 1 },
        { id: gone, open: 1 },
      ],
      labels: [
        { id: later, open: 3 },
        { id: urgent, open: 2 },
      ],
    });
  });
});
