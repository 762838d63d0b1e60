/**
 * @jest-environment node
 *
 * Subtasks in export and import: the JSON and CSV exports name each todo's parent by its id in the
 * file, and importing into another account gives the same trees back (new ids, parents forward or
 * backward in the file alike); a Todoist file's INDENT makes sub-tasks, section by section; a parent
 * not in the file, a cycle or a fourth level refuses the whole file.
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
import { subtaskCalls } from '../support/subtasks';

interface Exported {
  projects: { id: number; name: string }[];
  todos: { id: number; title: string; project: number | null; parent: number | null }[];
}

describeEachDialect('subtasks in files', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof subtaskCalls>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    calls = subtaskCalls(t);
  });
  afterAll(() => t.close());

  const importFile = (session: Session, payload: string, type: string) =>
    call(t.app, session, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload,
    });
  const exported = async (session: Session, format = '') =>
    (await calls.get(session, `/api/users/me/export${format}`)).body;
  /** Each todo as [title, its parent's title, its project's name], by title. */
  async function trees(session: Session) {
    const file = JSON.parse(await exported(session)) as Exported;
    const titles = new Map(file.todos.map((todo) => [todo.id, todo.title]));
    const names = new Map(file.projects.map((project) => [project.id, project.name]));
    return file.todos
      .map((todo) => [
        todo.title,
        todo.parent === null ? null : titles.get(todo.parent),
        todo.project === null ? null : names.get(todo.project),
      ])
      .sort();
  }

  async function accountWithTrees(prefix: string) {
    const ann = await register(t.app, credentials(prefix));
    const work = await calls.createProject(ann, 'Work');
    // The grandchild is made first: its parent comes after it in the file.
    const early = await calls.add(ann, 'Outline');
    const root = await calls.add(ann, 'Report', { project: work });
    const child = await calls.add(ann, 'Draft', { parent: root });
    await calls.put(ann, early, { parent: child });
    await calls.add(ann, 'Review', { parent: root, completed: true });
    await calls.add(ann, 'Loose');
    await calls.del(ann, await calls.add(ann, 'Trashed child', { parent: root }));
    return ann;
  }
  const expected = [
    ['Draft', 'Report', 'Work'],
    ['Loose', null, null],
    ['Outline', 'Draft', 'Work'],
    ['Report', null, 'Work'],
    ['Review', 'Report', 'Work'],
  ];

  it.each([
    ['json', '', 'application/json'],
    ['csv', '?format=csv', 'text/csv'],
  ])('imports its own %s export back with the same trees', async (name, format, type) => {
    const ann = await accountWithTrees(`subexp${name}`);
    expect(await trees(ann)).toEqual(expected);
    const carol = await register(t.app, credentials(`subimp${name}`));
    const answer = await importFile(carol, await exported(ann, format), type);
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 5 } }]);
    expect(await trees(carol)).toEqual(expected);
    // And the trees read back through the API as they were.
    const roots = await calls.get(
      carol,
      '/api/todos?filters[parent][id][$null]=true&sort=title:asc&populate[subtasks][populate][subtasks]=*',
    );
    const report = roots.json().data[1];
    expect(report.attributes.title).toBe('Report');
    expect(
      report.attributes.subtasks.data.map(
        (child: { attributes: { title: string; subtasks: { data: unknown[] } } }) => [
          child.attributes.title,
          child.attributes.subtasks.data.length,
        ],
      ),
    ).toEqual([
      ['Draft', 1],
      ['Review', 0],
    ]);
  });

  it('links a large file’s parents to the right todos', async () => {
    const todos = Array.from({ length: 520 }, (_, n) => [
      { id: 2 * n + 1, title: `child ${n}`, parent: 2 * n + 2 },
      { id: 2 * n + 2, title: `root ${n}` },
    ]).flat();
    const dana = await register(t.app, credentials('sublarge'));
    const answer = await importFile(dana, JSON.stringify({ todos }), 'application/json');
    expect(answer.json()).toEqual({ data: { imported: 1040 } });
    const got = await trees(dana);
    expect(got).toHaveLength(1040);
    for (const [title, parent] of got)
      expect(parent).toBe(title!.startsWith('child') ? title!.replace('child', 'root') : null);
  });

  it('makes sub-tasks of a Todoist file’s INDENT, section by section', async () => {
    const csv = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT',
      'task,Trip,,4,1',
      'task,Book,,4,2',
      'task,Flights,,4,3',
      'note,a comment,,,',
      'task,Even deeper,,4,4',
      'task,Pack,,4,2',
      'section,Later,,,',
      'task,Orphan indent,,4,2',
      'task,Plan,,4,1',
      'task,Skipped a level,,4,3',
      'task,No indent,,4,',
    ].join('\n');
    const erin = await register(t.app, credentials('subtodoist'));
    const answer = await importFile(erin, csv, 'text/csv');
    expect(answer.json()).toEqual({ data: { imported: 9 } });
    expect(await trees(erin)).toEqual(
      [
        ['Trip', null, null],
        ['Book', 'Trip', null],
        ['Flights', 'Book', null],
        ['Even deeper', 'Book', null],
        ['Pack', 'Trip', null],
        ['Orphan indent', null, null],
        ['Plan', null, null],
        ['Skipped a level', 'Plan', null],
        ['No indent', null, null],
      ].sort(),
    );
  });

  it.each([
    [[{ id: 1, title: 'a', parent: 9 }], 'Row 1: parent 9 is not among the file’s todos'],
    [
      [
        { id: 1, title: 'a', parent: 2 },
        { id: 2, title: 'b', parent: 1 },
      ],
      'Row 1: a todo cannot be its own ancestor',
    ],
    [
      [
        { id: 1, title: 'a' },
        { id: 2, title: 'b', parent: 1 },
        { id: 3, title: 'c', parent: 2 },
        { id: 4, title: 'd', parent: 3 },
      ],
      'Row 4: subtasks go at most 3 levels deep',
    ],
    [
      [
        { id: 1, title: 'a' },
        { id: 1, title: 'b' },
        { id: 3, title: 'c', parent: 1 },
      ],
      'Row 3: parent 1 names more than one of the file’s todos',
    ],
    [
      [{ id: 1, title: 'a', parent: { id: 2 } }],
      'Row 1: parent must be the id of one of the file’s todos',
    ],
  ])('refuses the whole file %j', async (todos, message) => {
    const fay = await register(t.app, credentials('subbad'));
    const answer = await importFile(fay, JSON.stringify({ todos }), 'application/json');
    expect([answer.statusCode, answer.json().error.message]).toEqual([400, message]);
    expect(await trees(fay)).toEqual([]);
  });
});
