/**
 * @jest-environment node
 *
 * Who reminder mails reach, with a real SMTP server catching them: only a confirmed address (an
 * account registered with someone else's address gets its reminders in the app only), and at most
 * MAX_MAILS_PER_USER_PER_DAY a day per user, counted in the database so two app instances share it.
 */
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/connect';
import type { Session } from '../../../src/shared/api-types';
import {
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';
import { registerConfirmed, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { reminderProbes } from '../support/reminders';

const HOUR = 3_600_000;
jest.setTimeout(30_000);

describeEachDialect('reminder mails', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  const lines: string[] = [];
  let now = new Date('2026-12-05T07:00:00.000Z');
  const clock = () => now;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://todo.example.com',
      MAX_MAILS_PER_USER_PER_DAY: '3',
      LOG_LEVEL: 'info',
    };
    t = await createTestApp(dialect, env, {
      clock,
      reminderCheckMs: 40,
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const { remindersTo, settledReminders, reminderEvents, reminderEventsReach } = reminderProbes(
    () => smtp,
    () => t.database.handle.db,
  );
  const confirmedUser = (prefix: string) => registerConfirmed(t.app, smtp, prefix);
  /** Makes `count` todos of the user with reminders due an hour after the clock's time. */
  async function dueReminders(session: Session, count: number, app = t.app, prefix = 'Due') {
    const remindAt = new Date(now.getTime() + HOUR).toISOString();
    for (let i = 0; i < count; i++)
      await createTodo(app, session, { title: `${prefix} ${i}`, remindAt });
  }
  const capLines = (session: Session) =>
    lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.userId === session.user.id && /mail cap reached/.test(entry.msg));

  it('mails no reminder to an unconfirmed address, yet sends the reminder event and marks it handled', async () => {
    const mallory = await register(t.app, credentials('unconfirmed'));
    expect(mallory.user.confirmed).toBe(false);
    // A confirmed user's reminder in the same run: once its mail is in, any mail of that run would be.
    const witness = await confirmedUser('witness');
    const remindAt = new Date(now.getTime() + HOUR).toISOString();
    const todo = await createTodo(t.app, mallory, { title: 'Attacker-chosen title', remindAt });
    await createTodo(t.app, witness, { title: 'Witness', remindAt });
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await settledReminders(witness, 1)).toHaveLength(1);
    expect(remindersTo(mallory)).toEqual([]);
    expect(await reminderEvents(mallory)).toEqual([
      { action: 'reminder', id: todo.id, title: 'Attacker-chosen title' },
    ]);
    const row = await t.database.handle.db
      .selectFrom('todos')
      .select('reminded_at')
      .where('id', '=', todo.id)
      .executeTakeFirstOrThrow();
    expect(row.reminded_at).not.toBeNull();
  });

  it('mails a confirmed address its reminder', async () => {
    const ann = await confirmedUser('confirmed');
    await dueReminders(ann, 1, t.app, 'Call the bank');
    now = new Date(now.getTime() + 2 * HOUR);
    expect((await settledReminders(ann, 1)).map((mail) => mail.subject)).toEqual([
      'Reminder: Call the bank 0',
    ]);
  });

  it('mails at most MAX_MAILS_PER_USER_PER_DAY reminders a day; the rest reach the app, and the cap is logged once', async () => {
    const bob = await confirmedUser('capped');
    const cy = await confirmedUser('neighbour');
    await dueReminders(bob, 5);
    await dueReminders(cy, 2);
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await reminderEventsReach(bob, 5)).toHaveLength(5);
    expect(await settledReminders(bob, 3)).toHaveLength(3);
    // One user's cap is theirs alone.
    expect(await settledReminders(cy, 2)).toHaveLength(2);
    // Later the same day: still capped, and not logged again.
    await dueReminders(bob, 2);
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await reminderEventsReach(bob, 7)).toHaveLength(7);
    expect(await settledReminders(bob, 3)).toHaveLength(3);
    expect(capLines(bob)).toHaveLength(1);
    expect(capLines(bob)[0]).toMatchObject({ level: 40, cap: 3 });
  });

  it('starts a new count the next day (UTC)', async () => {
    const dee = await confirmedUser('nextday');
    await dueReminders(dee, 4);
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await reminderEventsReach(dee, 4)).toHaveLength(4);
    expect(await settledReminders(dee, 3)).toHaveLength(3);
    now = new Date(
      `${new Date(now.getTime() + 24 * HOUR).toISOString().slice(0, 10)}T05:00:00.000Z`,
    );
    await dueReminders(dee, 2, t.app, 'Tomorrow');
    now = new Date(now.getTime() + 2 * HOUR);
    expect(
      (await settledReminders(dee, 5))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('Tomorrow')),
    ).toHaveLength(2);
  });

  it('counts one cap across two app instances on one database', async () => {
    const eve = await confirmedUser('pair');
    // Each instance has its own clock, so each sends the reminders due by its own time only.
    let secondNow = now;
    const handle = openDatabase(t.database.url);
    const second = await buildApp(t.config, handle.db, {
      clock: () => secondNow,
      reminderCheckMs: 40,
      logStream: { write: (line) => void lines.push(line) },
    });
    await second.ready();
    try {
      await dueReminders(eve, 2, t.app, 'First');
      now = new Date(now.getTime() + 2 * HOUR);
      expect(await settledReminders(eve, 2)).toHaveLength(2);
      secondNow = now;
      await dueReminders(eve, 3, second, 'Second');
      secondNow = new Date(secondNow.getTime() + 2 * HOUR);
      expect(await reminderEventsReach(eve, 5)).toHaveLength(5);
      const mails = await settledReminders(eve, 3);
      expect(mails).toHaveLength(3);
      expect(mails.filter((mail) => mail.subject.includes('Second'))).toHaveLength(1);
    } finally {
      await second.close();
      await handle.close();
    }
  });
});
