/**
 * @jest-environment node
 *
 * Reminders, with a real SMTP server catching the mails and a clock the test moves: one mail (to a
 * confirmed address: reminder-mails.test.ts has who gets mails) and one `reminder` event at remindAt, none for completed or trashed todos, one missed while
 * the server was down sent if under 24 hours late, and each reminder sent once when two app
 * instances share the database.
 */
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/connect';
import { createTodo as createTodoRow } from '../../../src/server/todos/repository';
import {
  bearer,
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { openSse } from '../../support/sse';
import { registerConfirmed, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { reminderProbes } from '../support/reminders';

const HOUR = 3_600_000;
jest.setTimeout(30_000);

describeEachDialect('reminders', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let now = new Date('2026-12-05T07:00:00.000Z');
  const clock = () => now;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(
      dialect,
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://todo.example.com' },
      { clock, reminderCheckMs: 40 },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const { settledReminders, reminderEvents } = reminderProbes(
    () => smtp,
    () => t.database.handle.db,
  );

  it('mails the owner once at remindAt and sends a reminder event, not before', async () => {
    const ann = await registerConfirmed(t.app, smtp, 'remind');
    const todo = await createTodo(t.app, ann, {
      title: 'Call the bank',
      dueDate: '2026-12-05',
      remindAt: '2026-12-05T08:30:00+01:00',
    });
    expect(await settledReminders(ann, 1, 500)).toEqual([]);
    now = new Date('2026-12-05T07:30:00.000Z');
    const mails = await settledReminders(ann, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Reminder: Call the bank' });
    expect(mails[0]!.text).toContain('"Call the bank", due 2026-12-05');
    expect(mails[0]!.text).toContain('https://todo.example.com/todos');
    expect(await reminderEvents(ann)).toEqual([
      { action: 'reminder', id: todo.id, title: 'Call the bank' },
    ]);
    now = new Date('2026-12-05T09:00:00.000Z');
    expect(await settledReminders(ann, 1)).toHaveLength(1);
  });

  it('reaches the owner’s open event stream as a reminder event', async () => {
    // An app of its own, listening: the other tests close and replace `t`.
    const own = await createTestApp(dialect, {}, { clock, reminderCheckMs: 40 });
    const fay = await register(own.app, credentials('stream'));
    const origin = await own.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openSse(`${origin}/api/todos/events`, bearer(fay));
    try {
      expect(stream.status).toBe(200);
      await stream.next();
      const todo = await createTodo(own.app, fay, {
        title: 'Toast me',
        remindAt: new Date(now.getTime() + HOUR).toISOString(),
      });
      expect(await stream.nextData()).toMatchObject({ action: 'created', id: todo.id });
      now = new Date(now.getTime() + 2 * HOUR);
      expect(await stream.nextData()).toMatchObject({
        action: 'reminder',
        id: todo.id,
        title: 'Toast me',
      });
    } finally {
      stream.close();
      await own.close();
    }
  });

  it('sends nothing for completed or trashed todos', async () => {
    const bob = await register(t.app, credentials('quiet'));
    const remindAt = new Date(now.getTime() + HOUR).toISOString();
    const done = await createTodo(t.app, bob, { title: 'Done already', remindAt, completed: true });
    const trashed = await createTodo(t.app, bob, { title: 'Trashed', remindAt });
    await call(t.app, bob, { method: 'DELETE', url: `/api/todos/${trashed.id}` });
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await settledReminders(bob, 1, 800)).toEqual([]);
    expect(await reminderEvents(bob)).toEqual([]);
    expect(done.attributes.completed).toBe(true);
  });

  it('a new remindAt is a new reminder, sent again', async () => {
    const cy = await registerConfirmed(t.app, smtp, 'again');
    const todo = await createTodo(t.app, cy, {
      title: 'Twice',
      remindAt: new Date(now.getTime() - 1000).toISOString(),
    });
    expect(await settledReminders(cy, 1)).toHaveLength(1);
    await call(t.app, cy, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { remindAt: new Date(now.getTime() + HOUR).toISOString() } },
    });
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await settledReminders(cy, 2)).toHaveLength(2);
  });

  it('at start, sends a reminder missed by less than 24 hours while the server was down, and not one missed by more', async () => {
    const dee = await registerConfirmed(t.app, smtp, 'missed');
    await t.app.close();
    const db = t.database.handle.db;
    for (const [title, late] of [
      ['Missed 23 h', 23],
      ['Missed 25 h', 25],
    ] as const) {
      await createTodoRow(db, dee.user.id, {
        title,
        description: null,
        completed: false,
        remindAt: new Date(now.getTime() - late * HOUR).toISOString(),
      });
    }
    // The next check is an hour away: only the run at start can send it.
    const handle = openDatabase(t.database.url);
    const app = await buildApp(t.config, handle.db, { clock, reminderCheckMs: HOUR });
    await app.ready();
    t = {
      ...t,
      app,
      close: async () => (await app.close(), await handle.close(), await t.database.dispose()),
    };
    expect((await settledReminders(dee, 1)).map((mail) => mail.subject)).toEqual([
      'Reminder: Missed 23 h',
    ]);
  });

  /** A second instance of the app on the same database (as another process would be). */
  async function secondInstance() {
    const handle = openDatabase(t.database.url);
    const app = await buildApp(t.config, handle.db, { clock, reminderCheckMs: 40 });
    await app.ready();
    return { app, close: async () => (await app.close(), await handle.close()) };
  }

  it('two app instances on one database send each reminder once', async () => {
    const eve = await registerConfirmed(t.app, smtp, 'pair');
    const second = await secondInstance();
    try {
      const remindAt = new Date(now.getTime() + HOUR).toISOString();
      for (let i = 0; i < 30; i++)
        await createTodo(i % 2 ? t.app : second.app, eve, { title: `Pair ${i}`, remindAt });
      now = new Date(now.getTime() + 2 * HOUR);
      const mails = await settledReminders(eve, 30);
      expect(mails.map((mail) => mail.subject).sort()).toEqual(
        Array.from({ length: 30 }, (_, i) => `Reminder: Pair ${i}`).sort(),
      );
      expect(await reminderEvents(eve)).toHaveLength(30);
    } finally {
      await second.close();
    }
  });
});
