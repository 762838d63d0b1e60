/**
 * @jest-environment node
 *
 * Labels and subtasks together: populate=* adds project, labels, parent and subtasks at once; the
 * parent and label filters combine; a write naming a gone parent and gone labels answers both notes;
 * a subtree trashed and restored keeps its labels' open counts; export and import (JSON and CSV)
 * give the same trees with the same labels back; a Todoist file's sections are labels and restart
 * its indents.
 */
import type { LabelEntity, Session, TodoEntity } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { subtaskCalls, type Page } from '../support/subtasks';

interface Exported {
  labels: { id: number; name: string }[];
  todos: { id: number; title: string; parent: number | null; labels: number[] }[];
}

describeEachDialect('labels and subtasks together', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof subtaskCalls>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    calls = subtaskCalls(t);
  });
  afterAll(() => t.close());

  async function createLabel(session: Session, name: string) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data: { name } },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LabelEntity }>().data.id;
  }
  const labelCounts = async (session: Session) =>
    (await calls.get(session, '/api/todos/counts')).json<{
      data: { labels: { id: number; open: number }[] };
    }>().data.labels;
  /** Each todo as [title, its parent's title, its labels' names], by title. */
  async function contents(session: Session) {
    const file = JSON.parse((await calls.get(session, '/api/users/me/export')).body) as Exported;
    const titles = new Map(file.todos.map((todo) => [todo.id, todo.title]));
    const names = new Map(file.labels.map((label) => [label.id, label.name]));
    return file.todos
      .map((todo) => [
        todo.title,
        todo.parent === null ? null : titles.get(todo.parent),
        todo.labels.map((id) => names.get(id)),
      ])
      .sort();
  }

  async function account(prefix: string) {
    const ann = await register(t.app, credentials(prefix));
    const home = await createLabel(ann, 'home');
    const urgent = await createLabel(ann, 'urgent');
    const work = await calls.createProject(ann, 'Work');
    const root = await calls.add(ann, 'Move', { project: work, labels: [home] });
    const child = await calls.add(ann, 'Pack', { parent: root, labels: [home, urgent] });
    const grandchild = await calls.add(ann, 'Boxes', { parent: child });
    await calls.add(ann, 'Alone', { labels: [urgent] });
    return { ann, home, urgent, work, root, child, grandchild };
  }

  it('populates every relation at once and filters by parent and label together', async () => {
    const { ann, home, urgent, work, root, child } = await account('lsboth');
    const one = await calls.get(ann, `/api/todos/${child}?populate=*`);
    const { attributes } = one.json<{ data: TodoEntity }>().data;
    expect(attributes.project?.data?.id).toBe(work);
    expect(attributes.parent?.data?.id).toBe(root);
    expect(attributes.subtasks?.data.map((todo) => todo.attributes.title)).toEqual(['Boxes']);
    expect(attributes.labels?.data.map((label) => label.id)).toEqual([home, urgent]);

    const page = await calls.get(
      ann,
      `/api/todos?filters[parent][id][$notNull]=true&filters[labels][id][$eq]=${home}&populate[labels][fields][0]=name&populate[parent][fields][0]=title`,
    );
    const body = page.json<Page>();
    expect(body.meta.pagination.total).toBe(1);
    expect(body.data[0]!.attributes.parent).toEqual({
      data: { id: root, attributes: { title: 'Move' } },
    });
    expect(body.data[0]!.attributes.labels?.data.map((label) => label.attributes)).toEqual([
      { name: 'home' },
      { name: 'urgent' },
    ]);
    const roots = await calls.get(
      ann,
      `/api/todos?filters[parent][id][$null]=true&filters[labels][name][$eq]=urgent`,
    );
    expect(roots.json<Page>().data.map((todo) => todo.attributes.title)).toEqual(['Alone']);
  });

  it('answers a write naming a gone parent and gone labels with both notes', async () => {
    const { ann, home, root } = await account('lsgone');
    await calls.del(ann, root);
    const answer = await calls.post(
      ann,
      { title: 'Late', parent: root, labels: [home, 999_999] },
      '?onMissingParent=root&onMissingLabel=drop',
    );
    expect(answer.statusCode).toBe(200);
    const { data, meta } = answer.json<{ data: TodoEntity; meta: Record<string, unknown> }>();
    expect(meta).toEqual({
      parent: expect.objectContaining({ missing: true }),
      labels: expect.objectContaining({ missing: [999_999] }),
    });
    expect(await calls.placeOf(ann, data.id)).toEqual({ parent: null, project: null });
  });

  it('keeps the labels’ open counts through a subtree’s trash, restore and completion', async () => {
    const { ann, home, urgent, root } = await account('lscounts');
    const open = async () =>
      Object.fromEntries((await labelCounts(ann)).map((label) => [label.id, label.open]));
    expect(await open()).toEqual({ [home]: 2, [urgent]: 2 });
    expect((await calls.del(ann, root)).statusCode).toBe(200);
    expect(await open()).toEqual({ [home]: 0, [urgent]: 1 });
    expect((await calls.restore(ann, root)).statusCode).toBe(200);
    expect(await open()).toEqual({ [home]: 2, [urgent]: 2 });
    const done = await calls.put(ann, root, { completed: true }, '?subtasks=complete');
    expect(done.json<{ meta: { subtasks: { completed: number } } }>().meta.subtasks).toEqual({
      completed: 2,
    });
    expect(await open()).toEqual({ [home]: 0, [urgent]: 1 });
  });

  it.each([
    ['json', '', 'application/json'],
    ['csv', '?format=csv', 'text/csv'],
  ])('gives the same trees with the same labels back through %s', async (format, query, type) => {
    const { ann } = await account(`lsfile${format}`);
    const file = (await calls.get(ann, `/api/users/me/export${query}`)).body;
    const bea = await register(t.app, credentials(`lsfileto${format}`));
    const imported = await call(t.app, bea, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload: file,
    });
    expect(imported.json()).toEqual({ data: { imported: 4 } });
    expect(await contents(bea)).toEqual(await contents(ann));
    expect(await contents(bea)).toEqual([
      ['Alone', null, ['urgent']],
      ['Boxes', 'Pack', []],
      ['Move', null, ['home']],
      ['Pack', 'Move', ['home', 'urgent']],
    ]);
  });

  it('takes a Todoist file’s sections as labels that restart its indents', async () => {
    const csv = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT',
      'task,Trip @travel,,4,1',
      'task,Book,,4,2',
      'section,Later,,,',
      'task,Orphan indent,,4,2',
      'task,Plan,,4,1',
      'task,Detail @travel,,4,2',
    ].join('\n');
    const cy = await register(t.app, credentials('lstodoist'));
    const answer = await call(t.app, cy, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(answer.json()).toEqual({ data: { imported: 5 } });
    expect(await contents(cy)).toEqual([
      ['Book', 'Trip', []],
      ['Detail', 'Plan', ['Later', 'travel']],
      ['Orphan indent', null, ['Later']],
      ['Plan', null, ['Later']],
      ['Trip', null, ['travel']],
    ]);
  });
});
