/**
 * @jest-environment node
 *
 * Projects in export and import (issue 41, item 1): the JSON and CSV exports carry each live
 * project (name, colour, position, archived) and each todo's project, and import into another
 * account gives the same projects and todos back; a project the account already has by that name
 * (any case) takes the todos; a Todoist file's todos go to the project named by ?project=; a bad
 * project, an unknown reference or the project limit refuse the whole file.
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

interface Exported {
  projects: { id: number; name: string; color: string; position: number; archived: boolean }[];
  todos: { title: string; project: number | null; priority: number; completed: boolean }[];
}

describeEachDialect('projects in files', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_PROJECTS_PER_USER: '4' });
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const importFile = (session: Session, payload: string, type: string, query = '') =>
    call(t.app, session, {
      method: 'POST',
      url: `/api/todos/import${query}`,
      headers: { 'content-type': type },
      payload,
    });
  async function createProject(session: Session, data: Record<string, unknown>) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: ProjectEntity }>().data;
  }
  /** The account's projects and todos as the JSON export has them, ids and dates aside. */
  async function contents(session: Session) {
    const file = (await get(session, '/api/users/me/export')).json<Exported>();
    const names = new Map(file.projects.map((project) => [project.id, project.name]));
    return {
      projects: file.projects.map(({ name, color, position, archived }) => ({
        name,
        color,
        position,
        archived,
      })),
      todos: file.todos.map((todo) => [todo.title, todo.project && names.get(todo.project)]),
    };
  }

  async function accountWithProjects(prefix: string) {
    const ann = await register(t.app, credentials(prefix));
    const work = await createProject(ann, { name: 'Work, "desk"', color: '#FF0000', position: 2 });
    const home = await createProject(ann, { name: '=Home', position: 0, archived: true });
    await createProject(ann, { name: 'Empty', color: '#00aa00', position: 5 });
    await createTodo(t.app, ann, { title: 'Report', project: work.id, priority: 3 });
    await createTodo(t.app, ann, { title: 'Loose end' });
    await createTodo(t.app, ann, { title: 'Dishes', project: home.id, completed: true });
    return ann;
  }

  it.each([
    ['json', 'application/json'],
    ['csv', 'text/csv'],
  ])('round-trips projects and each todo’s project through a %s export', async (format, type) => {
    const from = await accountWithProjects(`pexp${format}`);
    const expected = await contents(from);
    expect(expected).toEqual({
      projects: [
        { name: '=Home', color: '#808080', position: 0, archived: true },
        { name: 'Work, "desk"', color: '#ff0000', position: 2, archived: false },
        { name: 'Empty', color: '#00aa00', position: 5, archived: false },
      ],
      todos: [
        ['Report', 'Work, "desk"'],
        ['Loose end', null],
        ['Dishes', '=Home'],
      ],
    });
    const file = (await get(from, `/api/users/me/export?format=${format}`)).body;
    if (format === 'csv') expect(file).toContain("'=Home");
    const to = await register(t.app, credentials(`pimp${format}`));
    const answer = await importFile(to, file, type);
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 3 } }]);
    expect(await contents(to)).toEqual(expected);
  });

  it('puts imported todos in the account’s project of the same name, keeping its colour', async () => {
    const from = await accountWithProjects('pmergefrom');
    const file = (await get(from, '/api/users/me/export?format=csv')).body;
    const to = await register(t.app, credentials('pmergeto'));
    const mine = await createProject(to, { name: 'WORK, "DESK"', color: '#123456' });
    expect((await importFile(to, file, 'text/csv')).statusCode).toBe(200);
    const after = await contents(to);
    expect(after.projects.filter((p) => p.name.toLowerCase() === 'work, "desk"')).toEqual([
      { name: 'WORK, "DESK"', color: '#123456', position: 0, archived: false },
    ]);
    const report = await get(to, `/api/todos?filters[project][id][$eq]=${mine.id}`);
    expect(
      report.json().data.map((todo: { attributes: { title: string } }) => todo.attributes.title),
    ).toEqual(['Report']);
  });

  it('takes a hand-written CSV whose todos name projects it does not declare', async () => {
    const bea = await register(t.app, credentials('phand'));
    const csv = 'title,project\r\nBuy seeds,Garden\r\nWater,garden\r\nCall mum,\r\n';
    expect((await importFile(bea, csv, 'text/csv')).statusCode).toBe(200);
    expect(await contents(bea)).toEqual({
      projects: [{ name: 'Garden', color: '#808080', position: 0, archived: false }],
      todos: [
        ['Buy seeds', 'Garden'],
        ['Water', 'Garden'],
        ['Call mum', null],
      ],
    });
  });

  it.each([
    [
      'application/json',
      JSON.stringify({
        projects: [{ id: 1, name: 'A' }],
        todos: [
          { title: 'x', project: 1 },
          { title: 'y', project: 9 },
        ],
      }),
      'Row 2: project 9 is not among the file’s projects',
    ],
    [
      'application/json',
      JSON.stringify({ projects: [{ id: 1, name: '' }], todos: [] }),
      'Project 1: name must be 1 to 100 characters',
    ],
    [
      'text/csv',
      'title,project,projectColor\r\n,Bad,red\r\nx,Bad,\r\n',
      'Row 1: color must be a colour written #rrggbb, e.g. #1e90ff',
    ],
    [
      'text/csv',
      `title,project\r\nx,${'p'.repeat(101)}\r\n`,
      'Row 1: name must be 1 to 100 characters',
    ],
  ])('refuses a bad project in a %s file, importing nothing', async (type, file, message) => {
    const cleo = await register(t.app, credentials('pbad'));
    const answer = await importFile(cleo, file, type);
    expect([answer.statusCode, answer.json().error.message]).toEqual([400, message]);
    expect(await contents(cleo)).toEqual({ projects: [], todos: [] });
  });

  it('refuses a file that would pass MAX_PROJECTS_PER_USER, importing nothing', async () => {
    const dan = await register(t.app, credentials('plimit'));
    await createProject(dan, { name: 'Mine' });
    const csv = 'title,project\r\na,P1\r\nb,P2\r\nc,P3\r\nd,mine\r\ne,P4\r\n';
    const answer = await importFile(dan, csv, 'text/csv');
    expect([answer.statusCode, answer.json().error.message]).toEqual([
      400,
      'Project limit reached: a user may keep at most 4 projects',
    ]);
    expect((await contents(dan)).todos).toEqual([]);
    expect((await contents(dan)).projects.map((p) => p.name)).toEqual(['Mine']);
  });

  it('puts a Todoist file’s tasks in the project named by ?project=, made or found', async () => {
    const eve = await register(t.app, credentials('ptodoist'));
    const csv = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT',
      'task,Milk,,4,1',
      'section,Fruit,,,',
      'task,Apples,,1,1',
    ].join('\r\n');
    expect((await importFile(eve, csv, 'text/csv', '?project=Groceries')).statusCode).toBe(200);
    expect((await importFile(eve, csv, 'text/csv', '?project=groceries')).statusCode).toBe(200);
    expect((await importFile(eve, csv, 'text/csv')).statusCode).toBe(200);
    const after = await contents(eve);
    expect(after.projects.map((p) => p.name)).toEqual(['Groceries']);
    expect(after.todos).toEqual([
      ['Milk', 'Groceries'],
      ['Apples', 'Groceries'],
      ['Milk', 'Groceries'],
      ['Apples', 'Groceries'],
      ['Milk', null],
      ['Apples', null],
    ]);
    const bad = await importFile(eve, csv, 'text/csv', `?project=${'x'.repeat(101)}`);
    expect(bad.statusCode).toBe(400);
  });
});
