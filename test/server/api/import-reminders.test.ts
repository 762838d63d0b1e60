/**
 * @jest-environment node
 *
 * An import brings reminders as they were: one whose time has passed is kept (the todo still shows
 * its remindAt) but marked sent, so moving an account to another server does not mail it again;
 * one still ahead is sent when due, as a created todo's would be.
 */
import { call, createTodo, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { registerConfirmed, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { reminderProbes } from '../support/reminders';

const HOUR = 3_600_000;

describeEachDialect('imported reminders', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url }, { reminderCheckMs: 40 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const { settledReminders, remindersTo } = reminderProbes(
    () => smtp,
    () => t.database.handle.db,
  );

  it('does not send again a reminder whose time passed before the import, and keeps it', async () => {
    const ann = await registerConfirmed(t.app, smtp, 'imported');
    const passed = new Date(Date.now() - HOUR).toISOString();
    const answer = await call(t.app, ann, {
      method: 'POST',
      url: '/api/todos/import',
      payload: { todos: [{ title: 'Sent before the move', remindAt: passed }] },
    });
    expect(answer.json()).toEqual({ data: { imported: 1 } });
    // The same reminder on a todo made here is due and sent: the import is what marks it.
    await createTodo(t.app, ann, { title: 'Made here', remindAt: passed });
    const mails = await settledReminders(ann, 1);
    expect(mails.map((mail) => mail.subject)).toEqual(['Reminder: Made here']);
    const list = await call(t.app, ann, { method: 'GET', url: '/api/todos?sort=title:asc' });
    const kept = list
      .json()
      .data.find(
        (todo: { attributes: { title: string } }) =>
          todo.attributes.title === 'Sent before the move',
      );
    expect(Date.parse(kept.attributes.remindAt)).toBe(Date.parse(passed));
  });

  it('sends an imported reminder that is still ahead when it is due', async () => {
    const bob = await registerConfirmed(t.app, smtp, 'ahead');
    const soon = new Date(Date.now() + 1500).toISOString();
    await call(t.app, bob, {
      method: 'POST',
      url: '/api/todos/import',
      payload: { todos: [{ title: 'Still ahead', remindAt: soon }] },
    });
    expect(remindersTo(bob)).toEqual([]);
    const mails = await settledReminders(bob, 1, 10_000);
    expect(mails.map((mail) => mail.subject)).toEqual(['Reminder: Still ahead']);
  });
});
