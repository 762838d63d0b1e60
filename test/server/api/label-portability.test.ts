/**
 * @jest-environment node
 *
 * Labels in export and import: the JSON and CSV exports carry every label (name, colour) and each
 * todo's labels, and import into another account gives the same labels and todos back, names with
 * the CSV's separator, quotes and formula signs included; a label the account has by that name
 * (any case) is reused with its colour; Todoist's sections and @labels become labels; a bad label,
 * an unknown reference, too many labels on a todo or the label limit refuse the whole file.
 */
import type { LabelEntity, Session } from '../../../src/shared/api-types';
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
  labels: { id: number; name: string; color: string }[];
  todos: { title: string; completed: boolean; labels: number[] }[];
}

describeEachDialect('labels in files', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_LABELS_PER_USER: '5' });
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  const importFile = (session: Session, payload: string, type: string) =>
    call(t.app, session, {
      method: 'POST',
      url: '/api/todos/import',
      headers: { 'content-type': type },
      payload,
    });
  async function createLabel(session: Session, data: Record<string, unknown>) {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/labels',
      payload: { data },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LabelEntity }>().data;
  }
  /** The account's labels and todos as the JSON export has them, ids and dates aside. */
  async function contents(session: Session) {
    const file = (await get(session, '/api/users/me/export')).json<Exported>();
    const names = new Map(file.labels.map((label) => [label.id, label.name]));
    return {
      labels: file.labels.map(({ name, color }) => ({ name, color })),
      todos: file.todos.map((todo) => [
        todo.title,
        todo.completed,
        todo.labels.map((id) => names.get(id)),
      ]),
    };
  }

  async function accountWithLabels(prefix: string) {
    const ann = await register(t.app, credentials(prefix));
    const pipe = await createLabel(ann, { name: 'a|b \\ c, "d"', color: '#FF0000' });
    const formula = await createLabel(ann, { name: '=SUM(1)', color: '#00aa00' });
    const plain = await createLabel(ann, { name: 'home' });
    await createLabel(ann, { name: 'unused', color: '#0000ff' });
    await createTodo(t.app, ann, { title: 'Both', labels: [pipe.id, formula.id] });
    await createTodo(t.app, ann, { title: 'None' });
    await createTodo(t.app, ann, { title: 'Done', labels: [plain.id], completed: true });
    for (let n = 0; n < 3; n++)
      await createTodo(t.app, ann, { title: `More ${n}`, labels: n % 2 ? [plain.id] : [] });
    return ann;
  }

  it.each([
    ['json', 'application/json'],
    ['csv', 'text/csv'],
  ])('round-trips labels and each todo’s labels through a %s export', async (format, type) => {
    const from = await accountWithLabels(`lexp${format}`);
    const expected = await contents(from);
    expect(expected).toEqual({
      labels: [
        { name: '=SUM(1)', color: '#00aa00' },
        { name: 'a|b \\ c, "d"', color: '#ff0000' },
        { name: 'home', color: '#808080' },
        { name: 'unused', color: '#0000ff' },
      ],
      todos: [
        ['Both', false, ['=SUM(1)', 'a|b \\ c, "d"']],
        ['None', false, []],
        ['Done', true, ['home']],
        ['More 0', false, []],
        ['More 1', false, ['home']],
        ['More 2', false, []],
      ],
    });
    const file = (await get(from, `/api/users/me/export?format=${format}`)).body;
    if (format === 'csv') {
      expect(file.split(/\r?\n/)[0]).toMatch(/,labels,labelColor,parent$/);
      expect(file).toContain("'=SUM(1)");
    }
    const to = await register(t.app, credentials(`limp${format}`));
    const answer = await importFile(to, file, type);
    expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 6 } }]);
    expect(await contents(to)).toEqual(expected);
    const counts = (await get(to, '/api/todos/counts')).json().data.labels;
    expect(counts.map((count: { open: number }) => count.open)).toEqual([1, 1, 1, 0]);
  });

  it('reuses the account’s label of the same name, keeping its colour', async () => {
    const from = await accountWithLabels('lmergefrom');
    const file = (await get(from, '/api/users/me/export')).body;
    const to = await register(t.app, credentials('lmergeto'));
    await createLabel(to, { name: 'HOME', color: '#123456' });
    expect((await importFile(to, file, 'application/json')).statusCode).toBe(200);
    const after = await contents(to);
    expect(after.labels.filter((label) => label.name.toLowerCase() === 'home')).toEqual([
      { name: 'HOME', color: '#123456' },
    ]);
    expect(after.todos.find(([title]) => title === 'Done')).toEqual(['Done', true, ['HOME']]);
  });

  it('takes a hand-written CSV whose todos name labels it does not declare', async () => {
    const bea = await register(t.app, credentials('lhand'));
    const csv = 'title,labels\r\nBuy seeds,garden|shop\r\nWater,Garden\r\nCall mum,\r\n';
    expect((await importFile(bea, csv, 'text/csv')).statusCode).toBe(200);
    expect(await contents(bea)).toEqual({
      labels: [
        { name: 'garden', color: '#808080' },
        { name: 'shop', color: '#808080' },
      ],
      todos: [
        ['Buy seeds', false, ['garden', 'shop']],
        ['Water', false, ['garden']],
        ['Call mum', false, []],
      ],
    });
  });

  it('makes labels of a Todoist file’s sections and @labels', async () => {
    const eve = await register(t.app, credentials('ltodoist'));
    const csv = [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT',
      'task,Milk @shop,,4,1',
      'section,Fruit,,,',
      'task,Apples @shop @organic today,,1,1',
      'note,a note,,,',
      'task,@only,,4,1',
    ].join('\r\n');
    expect((await importFile(eve, csv, 'text/csv')).statusCode).toBe(200);
    expect((await contents(eve)).todos).toEqual([
      ['Milk', false, ['shop']],
      ['Apples today', false, ['Fruit', 'organic', 'shop']],
      ['@only', false, ['Fruit', 'only']],
    ]);
  });

  it.each([
    [
      'application/json',
      JSON.stringify({
        labels: [{ id: 1, name: 'A' }],
        todos: [
          { title: 'x', labels: [1] },
          { title: 'y', labels: [9] },
        ],
      }),
      'Row 2: label 9 is not among the file’s labels',
    ],
    [
      'application/json',
      JSON.stringify({ labels: [{ id: 1, name: '' }], todos: [{ title: 'x' }] }),
      'Label 1: name must be 1 to 100 characters',
    ],
    [
      'application/json',
      JSON.stringify({ labels: {}, todos: [{ title: 'x' }] }),
      'labels must be a list of { id, name, color }',
    ],
    [
      'text/csv',
      'title,labels,labelColor\r\n,Bad,red\r\nx,Bad,\r\n',
      'Row 1: color must be a colour written #rrggbb, e.g. #1e90ff',
    ],
    [
      'text/csv',
      `title,labels\r\nx,${'l'.repeat(101)}\r\n`,
      'Row 1: labels: name must be 1 to 100 characters',
    ],
    [
      'text/csv',
      `title,labels\r\nx,${Array.from({ length: 51 }, (_, n) => `l${n}`).join('|')}\r\n`,
      'Row 1: A todo may have at most 50 labels',
    ],
  ])('refuses a bad label in a %s file, importing nothing', async (type, file, message) => {
    const cleo = await register(t.app, credentials('lbad'));
    const answer = await importFile(cleo, file, type);
    expect([answer.statusCode, answer.json().error.message]).toEqual([400, message]);
    expect(await contents(cleo)).toEqual({ labels: [], todos: [] });
  });

  it('refuses a file that would pass MAX_LABELS_PER_USER, importing nothing', async () => {
    const dan = await register(t.app, credentials('llimit'));
    await createLabel(dan, { name: 'Mine' });
    const csv = 'title,labels\r\na,L1|L2\r\nb,L3\r\nc,mine|L4\r\nd,L5\r\n';
    const answer = await importFile(dan, csv, 'text/csv');
    expect([answer.statusCode, answer.json().error.message]).toEqual([
      400,
      'Label limit reached: a user may keep at most 5 labels',
    ]);
    expect(await contents(dan)).toEqual({
      labels: [{ name: 'Mine', color: '#808080' }],
      todos: [],
    });
  });
});
