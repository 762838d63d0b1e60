/**
 * @jest-environment node
 *
 * A todo's priority (issue 41, item 3) outside the todo calls: the JSON and CSV export and import
 * keep it, a file without it imports as none, a bad one is refused naming its row, Todoist's
 * PRIORITY maps to ours, and the calendar feed writes RFC 5545's PRIORITY (1 high, 5 medium,
 * 9 low, none omitted).
 */
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

describeEachDialect('priority in files and feeds', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (session: Session, url: string) => call(t.app, session, { method: 'GET', url });
  describe('export and import', () => {
    const importFile = (session: Session, payload: string, type: string) =>
      call(t.app, session, {
        method: 'POST',
        url: '/api/todos/import',
        headers: { 'content-type': type },
        payload,
      });
    const prioritiesOf = async (session: Session) =>
      (await get(session, '/api/users/me/export'))
        .json<{ todos: { title: string; priority: number }[] }>()
        .todos.map((todo) => [todo.title, todo.priority]);

    it.each([
      ['json', 'application/json'],
      ['csv', 'text/csv'],
    ])('round-trips every priority through a %s export', async (format, type) => {
      const from = await register(t.app, credentials(`prioexp${format}`));
      for (const priority of [3, 0, 1, 2])
        await createTodo(t.app, from, { title: `P${priority}`, priority });
      const file = (await get(from, `/api/users/me/export?format=${format}`)).body;
      if (format === 'csv') expect(file.split(/\r?\n/)[0]).toMatch(/,priority,/);
      const to = await register(t.app, credentials(`prioimp${format}`));
      const answer = await importFile(to, file, type);
      expect([answer.statusCode, answer.json()]).toEqual([200, { data: { imported: 4 } }]);
      expect(await prioritiesOf(to)).toEqual([
        ['P3', 3],
        ['P0', 0],
        ['P1', 1],
        ['P2', 2],
      ]);
    });

    it('imports a file without priorities as none, and refuses a bad one naming its row', async () => {
      const bea = await register(t.app, credentials('prioold'));
      const old = JSON.stringify({ todos: [{ title: 'From 0.1.0', completed: false }] });
      expect((await importFile(bea, old, 'application/json')).statusCode).toBe(200);
      expect(await prioritiesOf(bea)).toEqual([['From 0.1.0', 0]]);
      const bad = await importFile(bea, 'title,priority\r\nFine,1\r\nWrong,7\r\n', 'text/csv');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(
        'Row 2: priority must be 0 (none), 1 (low), 2 (medium) or 3 (high)',
      );
      expect(await prioritiesOf(bea)).toEqual([['From 0.1.0', 0]]);
    });

    it('maps Todoist’s PRIORITY (1 its highest, 4 its default) to high … none', async () => {
      const cleo = await register(t.app, credentials('priotodoist'));
      const csv = [
        'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT',
        'task,p1,,1,1',
        'task,p2,,2,1',
        'task,p3,,3,1',
        'task,p4,,4,1',
        'task,blank,,,1',
        '',
      ].join('\r\n');
      expect((await importFile(cleo, csv, 'text/csv')).statusCode).toBe(200);
      expect(await prioritiesOf(cleo)).toEqual([
        ['p1', 3],
        ['p2', 2],
        ['p3', 1],
        ['p4', 0],
        ['blank', 0],
      ]);
    });
  });

  it('writes the calendar feed’s PRIORITY: 1 for high, 5 for medium, 9 for low, none omitted', async () => {
    const dee = await register(t.app, credentials('priofeed'));
    for (const priority of [3, 2, 1, 0])
      await createTodo(t.app, dee, { title: `F${priority}`, priority, dueDate: '2026-12-05' });
    const link = (
      await call(t.app, dee, { method: 'POST', url: '/api/users/me/calendar-feed' })
    ).json<{ url: string }>().url;
    const path = new URL(link).pathname;
    for (const feed of [path, path.replace(/\.ics$/, '-events.ics')]) {
      const body = (await t.app.inject({ method: 'GET', url: feed })).body;
      const components = body.split(/BEGIN:V(?:TODO|EVENT)\r\n/).slice(1);
      expect(
        components.map((block) => [
          /SUMMARY:(\w+)/.exec(block)?.[1],
          /PRIORITY:(\d)/.exec(block)?.[1] ?? null,
        ]),
      ).toEqual([
        ['F3', '1'],
        ['F2', '5'],
        ['F1', '9'],
        ['F0', null],
      ]);
    }
  });
});
