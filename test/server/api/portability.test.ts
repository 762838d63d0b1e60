/**
 * @jest-environment node
 *
 * Account export and import (issue 26): GET /api/users/me/export streams the caller's live todos as
 * JSON or CSV (formulas neutralised); POST /api/todos/import takes either back, or Todoist's CSV, all
 * or nothing, within 5 MB and MAX_TODOS_PER_USER.
 */
import { parse } from 'csv-parse/sync';
import type { Session } from '../../../src/shared/api-types';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(120_000);

interface ExportedTodo {
  id: number;
  title: string;
  description: string | null;
  completed: boolean;
  createdAt: string;
  updatedAt: string;
}

const withoutId = ({ id: _id, ...todo }: ExportedTodo) => todo;

const TRICKY = [
  { title: 'Milk, eggs, bread', description: 'Aisle 3, then "the usual"', completed: false },
  { title: 'Say "hi" to Ann', description: 'line one\nline two\r\nline three', completed: true },
  {
    title: '=HYPERLINK("http://evil.example","click")',
    description: '+1 555 0100',
    completed: false,
  },
  { title: '-2 degrees tonight', description: '@channel heads up', completed: true },
  { title: "'=already quoted", description: '\tindented', completed: false },
  { title: "'plain apostrophe", description: null, completed: false },
  { title: 'Café ☕ 🎉', description: '', completed: true },
];

const TODOIST_CSV = [
  'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG',
  'meta,view_style=list,,,,,,,,,,,,',
  'section,Groceries,,,,,,,,,,,,',
  'task,Buy milk,"Whole milk, 2 litres",1,1,Ann (41234567),,every friday,en,Europe/Berlin,,,,',
  'note,Use the coupon from the flyer,,,,Ann (41234567),,,,,,,,',
  'task,[Read the manual](https://example.com/manual),,4,2,Ann (41234567),,tomorrow,en,Europe/Berlin,30,minute,,',
  ',,,,,,,,,,,,,',
  'section,Home,,,,,,,,,,,,',
  'task,"Fix the ""squeaky"" door",,2,1,Ann (41234567),,,en,Europe/Berlin,,,2026-12-01,en',
  '',
].join('\r\n');

describeEachDialect('export and import', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const exportOf = (session: Session | undefined, query = '') =>
    call(t.app, session, { method: 'GET', url: `/api/users/me/export${query}` });
  const exportedTodos = async (session: Session) =>
    (await exportOf(session)).json<{ todos: ExportedTodo[] }>().todos;
  const importFile = (
    session: Session | undefined,
    payload: string | object,
    type = 'application/json',
  ) =>
    call(t.app, session, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const liveCount = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
      .total as number;

  const UNDATED = { dueDate: null, remindAt: null, recurrence: null, seriesId: null, priority: 0 };

  /** A user holding the tricky todos, one trashed todo and nothing else. */
  async function userWithTodos(prefix: string) {
    const session = await register(t.app, credentials(prefix));
    for (const todo of TRICKY) await createTodo(t.app, session, todo);
    const trashed = await createTodo(t.app, session, { title: 'Trashed secret' });
    await call(t.app, session, { method: 'DELETE', url: `/api/todos/${trashed.id}` });
    return session;
  }

  it('exports the caller and their live todos as a JSON attachment, without the trash or anyone else’s', async () => {
    const ann = await userWithTodos('ann');
    const bob = await register(t.app, credentials('bob'));
    await createTodo(t.app, bob, { title: 'Bob private' });
    const answer = await exportOf(ann);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="ticklist-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = answer.json();
    expect(Object.keys(body)).toEqual(['user', 'projects', 'labels', 'todos']);
    expect(body.projects).toEqual([]);
    expect(body.user).toEqual({
      id: ann.user.id,
      username: ann.user.username,
      email: ann.user.email,
      createdAt: ann.user.createdAt,
    });
    expect(body.todos.map(withoutId)).toEqual(
      TRICKY.map((todo) => ({
        ...todo,
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
        ...UNDATED,
        // A new todo's id: checked against the list below.
        position: expect.any(Number),
        project: null,
        labels: [],
        parent: null,
      })),
    );
    const listed = (await call(t.app, ann, { method: 'GET', url: '/api/todos?sort=id:asc' })).json()
      .data;
    expect(body.todos).toEqual(
      listed.map((todo: { id: number; attributes: object }) => ({
        id: todo.id,
        ...todo.attributes,
        project: null,
        labels: [],
        parent: null,
      })),
    );
    expect(answer.body).not.toContain('Trashed secret');
    expect(answer.body).not.toContain('Bob private');
    expect((await exportOf(bob)).json().todos.map((todo: ExportedTodo) => todo.title)).toEqual([
      'Bob private',
    ]);
  });

  it('exports CSV with a header, quoted cells and formulas neutralised with a single quote', async () => {
    const ann = await userWithTodos('csv');
    const answer = await exportOf(ann, '?format=csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="ticklist-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.body).toContain('"Milk, eggs, bread"');
    expect(answer.body).toContain('"Say ""hi"" to Ann"');
    expect(answer.body).not.toContain('Trashed secret');
    const [header, ...rows] = parse(answer.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'id',
      'title',
      'description',
      'completed',
      'createdAt',
      'updatedAt',
      'dueDate',
      'remindAt',
      'recurrence',
      'seriesId',
      'priority',
      'position',
      'project',
      'projectColor',
      'projectPosition',
      'projectArchived',
      'labels',
      'labelColor',
      'parent',
    ]);
    expect(rows.map((row) => row.slice(1, 4))).toEqual([
      ['Milk, eggs, bread', 'Aisle 3, then "the usual"', 'false'],
      ['Say "hi" to Ann', 'line one\nline two\r\nline three', 'true'],
      ['\'=HYPERLINK("http://evil.example","click")', "'+1 555 0100", 'false'],
      ["'-2 degrees tonight", "'@channel heads up", 'true'],
      ["''=already quoted", "'\tindented", 'false'],
      ["'plain apostrophe", '', 'false'],
      ['Café ☕ 🎉', '', 'true'],
    ]);
    const exported = await exportedTodos(ann);
    expect(rows.map((row) => [Number(row[0]), row[4], row[5]])).toEqual(
      exported.map((todo) => [todo.id, todo.createdAt, todo.updatedAt]),
    );
  });

  it.each(['json', 'csv'])(
    'imports its own %s export back: same titles, descriptions, completion and dates, new ids',
    async (format) => {
      const ann = await userWithTodos(`from${format}`);
      const carol = await register(t.app, credentials(`to${format}`));
      const file = (await exportOf(ann, `?format=${format}`)).body;
      const answer = await importFile(
        carol,
        file,
        format === 'csv' ? 'text/csv' : 'application/json',
      );
      expect([answer.statusCode, answer.json()]).toEqual([
        200,
        { data: { imported: TRICKY.length } },
      ]);
      const original = await exportedTodos(ann);
      const copied = await exportedTodos(carol);
      // CSV has no null: an empty description comes back as none.
      const expected = original
        .map(withoutId)
        .map((todo) =>
          format === 'csv' && todo.description === '' ? { ...todo, description: null } : todo,
        );
      expect(copied.map(withoutId)).toEqual(expected);
      expect(
        copied.map((todo) => todo.id).filter((id) => original.some((todo) => todo.id === id)),
      ).toEqual([]);
    },
  );

  it('imports the tasks of a Todoist CSV, skipping sections, notes and blank rows', async () => {
    const dan = await register(t.app, credentials('todoist'));
    const answer = await importFile(dan, TODOIST_CSV, 'text/csv; charset=utf-8');
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 3 } }]);
    const todos = await exportedTodos(dan);
    expect(todos.map((todo) => [todo.title, todo.description, todo.completed])).toEqual([
      ['Buy milk', 'Whole milk, 2 litres', false],
      ['[Read the manual](https://example.com/manual)', null, false],
      ['Fix the "squeaky" door', null, false],
    ]);
  });

  it('keeps valid dates, dates others now, and ignores ids and owners named in the file', async () => {
    const eve = await register(t.app, credentials('eve'));
    const bob = await register(t.app, credentials('owner'));
    const bobs = await createTodo(t.app, bob, { title: 'Bob keeps this' });
    const before = new Date().toISOString();
    const answer = await importFile(eve, {
      todos: [
        {
          id: bobs.id,
          user: bob.user.id,
          owner_id: bob.user.id,
          title: 'Dated',
          createdAt: '2024-03-01T10:00:00.000Z',
          updatedAt: '2024-03-02T08:30:00+02:00',
        },
        { title: 'Undated', createdAt: 'last tuesday', updatedAt: 12 },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const [dated, undated] = await exportedTodos(eve);
    expect([dated!.id === bobs.id, dated!.createdAt, dated!.updatedAt]).toEqual([
      false,
      '2024-03-01T10:00:00.000Z',
      '2024-03-02T06:30:00.000Z',
    ]);
    expect(undated!.createdAt >= before && undated!.updatedAt >= before).toBe(true);
    expect(await exportedTodos(bob)).toEqual([
      expect.objectContaining({ id: bobs.id, title: 'Bob keeps this' }),
    ]);
  });

  it('refuses the whole file when one row is bad, naming the row', async () => {
    const fay = await register(t.app, credentials('fay'));
    await createTodo(t.app, fay, { title: 'Already here' });
    const json = await importFile(fay, {
      todos: [{ title: 'one' }, { title: 'two' }, { title: '  ' }, { title: 'four' }],
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'Row 3: Title is required',
      details: { errors: [{ path: ['3', 'title'] }] },
    });
    const csv = await importFile(fay, 'title,completed\nfine,true\nodd,maybe\n', 'text/csv');
    expect([csv.statusCode, csv.json().error.message]).toEqual([
      400,
      'Row 2: completed must be true or false',
    ]);
    const long = await importFile(fay, { todos: [{ title: 'ok' }, { title: 'x'.repeat(256) }] });
    expect([long.statusCode, long.json().error.message]).toEqual([
      400,
      'Row 2: Title must be at most 255 characters',
    ]);
    const noTitle = await importFile(fay, 'name,done\na,b\n', 'text/csv');
    expect([noTitle.statusCode, noTitle.json().error.name]).toEqual([400, 'ValidationError']);
    const notExport = await importFile(fay, { data: [] });
    expect([notExport.statusCode, notExport.json().error.name]).toEqual([400, 'ValidationError']);
    expect(await liveCount(fay)).toBe(1);
  });

  it('refuses a file over 5 MB with 400, importing nothing; other routes keep their 64 KiB limit', async () => {
    const gus = await register(t.app, credentials('gus'));
    const row = 'A todo that is long enough to fill the file up quickly,,false\n';
    const csv = `title,description,completed\n${row.repeat(Math.ceil((5 * 1024 * 1024) / row.length))}`;
    const answer = await importFile(gus, csv, 'text/csv');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'The file is larger than 5 MB',
    });
    expect(await liveCount(gus)).toBe(0);
    const underLimit = csv.slice(0, 1024 * 1024).replace(/\n[^\n]*$/, '\n');
    expect((await importFile(gus, underLimit, 'text/csv')).statusCode).toBe(200);
    const big = await call(t.app, gus, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'x', description: 'y'.repeat(70_000) } },
    });
    expect(big.statusCode).toBe(413);
  });

  it('answers 401 without a token, 415 for another type and 400 for an unknown format', async () => {
    expect((await exportOf(undefined)).statusCode).toBe(401);
    expect((await importFile(undefined, { todos: [{ title: 'x' }] })).statusCode).toBe(401);
    const hal = await register(t.app, credentials('hal'));
    const plain = await importFile(hal, 'title\nx\n', 'text/plain');
    expect([plain.statusCode, plain.json().error.message]).toEqual([
      415,
      'The file must be JSON (application/json) or CSV (text/csv)',
    ]);
    expect((await exportOf(hal, '?format=xml')).statusCode).toBe(400);
    expect(await liveCount(hal)).toBe(0);
  });

  it('streams a large export: chunked, no content-length, every todo in the body', async () => {
    const ivy = await register(t.app, credentials('ivy'));
    const at = new Date().toISOString();
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      owner_id: ivy.user.id,
      title: `todo ${i}`,
      title_key: `todo ${i}`,
      description: i % 2 ? `about ${i}, "quoted"` : null,
      completed: i % 3 ? 0 : 1,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.database.handle.db
        .insertInto('todos')
        .values(rows.slice(i, i + 500))
        .execute();
    for (const format of ['json', 'csv']) {
      const answer = await exportOf(ivy, `?format=${format}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      const titles =
        format === 'json'
          ? answer.json().todos.map((todo: ExportedTodo) => todo.title)
          : (parse(answer.body, { bom: true, from: 2 }) as string[][]).map((row) => row[1]);
      expect(titles).toHaveLength(20_000);
      expect(titles[19_999]).toBe('todo 19999');
    }
  });
});

describeEachDialect('import and the todo limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5' });
  });
  afterAll(() => t.close());

  const importFile = (session: Session, todos: object[]) =>
    call(t.app, session, { method: 'POST', url: '/api/todos/import', payload: { todos } });
  const liveCount = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/todos' })).json().meta.pagination
      .total as number;
  const titles = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ title: `imported ${i}` }));

  it('refuses an import that would pass MAX_TODOS_PER_USER with 403, importing nothing', async () => {
    const jo = await register(t.app, credentials('jo'));
    await createTodo(t.app, jo, { title: 'one' });
    await createTodo(t.app, jo, { title: 'two' });
    for (const count of [4, 50]) {
      const answer = await importFile(jo, titles(count));
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({
        data: null,
        error: {
          status: 403,
          name: 'ApplicationError',
          message: 'Todo limit reached',
          details: {},
        },
      });
    }
    expect(await liveCount(jo)).toBe(2);
  });

  it('imports up to the limit, the oldest trashed todos making room as for a create', async () => {
    const kim = await register(t.app, credentials('kim'));
    await createTodo(t.app, kim, { title: 'live' });
    const old = await createTodo(t.app, kim, { title: 'trashed first' });
    const recent = await createTodo(t.app, kim, { title: 'trashed last' });
    await call(t.app, kim, { method: 'DELETE', url: `/api/todos/${old.id}` });
    await call(t.app, kim, { method: 'DELETE', url: `/api/todos/${recent.id}` });
    const answer = await importFile(kim, titles(3));
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 3 } }]);
    expect(await liveCount(kim)).toBe(4);
    const trash = (await call(t.app, kim, { method: 'GET', url: '/api/todos/trash' }))
      .json()
      .data.map((todo: { id: number }) => todo.id);
    expect(trash).toEqual([recent.id]);
    expect((await importFile(kim, titles(2))).statusCode).toBe(403);
  });
});
