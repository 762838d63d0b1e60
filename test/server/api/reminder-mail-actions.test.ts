/**
 * @jest-environment node
 *
 * Snooze from the reminder mail: the mail carries Complete, Snooze 10 minutes, Snooze 1 hour and
 * Snooze until tomorrow, each a link to the app's page (/reminder?token=…) for a single-use token. GET tells what a
 * token would do without using it (a mail scanner opening the link changes nothing); the POST does
 * it once, then 410; the reminder's other links expire with it. A user who chose notifications
 * only (or none) gets no mail.
 */
import type { Session, TodoEntity } from '../../../src/shared/api-types';
import { call, createTestApp, createTodo, describeEachDialect, type TestApp } from '../support/app';
import { registerConfirmed, startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { reminderProbes } from '../support/reminders';

const HOUR = 3_600_000;

describeEachDialect('reminder mail actions', (dialect) => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let now = new Date('2026-12-05T07:00:00.000Z');
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(
      dialect,
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://todo.example.com' },
      { clock: () => now, reminderCheckMs: 40 },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const { settledReminders, reminderEventsReach } = reminderProbes(
    () => smtp,
    () => t.database.handle.db,
  );

  const remindSoon = (session: Session, title: string) =>
    createTodo(t.app, session, { title, remindAt: new Date(now.getTime() + HOUR).toISOString() });
  const action = (method: 'GET' | 'POST', token: string) =>
    call(t.app, undefined, { method, url: `/api/reminder-actions/${token}` });

  it('snoozes once from the mail’s link, after a GET that only tells what it will do', async () => {
    const ann = await registerConfirmed(t.app, smtp, 'mailsnooze');
    const todo = await remindSoon(ann, 'Book the flights');
    now = new Date(now.getTime() + 2 * HOUR);
    const [mail] = await settledReminders(ann, 1);
    const links: Record<string, string> = Object.fromEntries(
      [
        ...mail!.text.matchAll(
          /^(.+): https:\/\/todo\.example\.com\/reminder\?token=([\w-]{43})$/gm,
        ),
      ].map(([, label, token]) => [label, token!]),
    );
    expect(Object.keys(links)).toEqual([
      'Complete',
      'Snooze 10 minutes',
      'Snooze 1 hour',
      'Snooze until tomorrow',
    ]);
    expect(mail!.html).toContain('>Snooze until tomorrow</a>');

    const ten = links['Snooze 10 minutes']!;
    for (let i = 0; i < 2; i += 1) {
      const preview = await action('GET', ten);
      expect([preview.statusCode, preview.json()]).toEqual([
        200,
        { data: { action: 'snooze-10m', todo: { id: todo.id, title: 'Book the flights' } } },
      ]);
    }
    const before = Date.now();
    const done = await action('POST', ten);
    expect(done.json()).toEqual({ data: { action: 'snooze-10m', todo: { id: todo.id } } });
    const after = await call(t.app, ann, { method: 'GET', url: `/api/todos/${todo.id}` });
    const remindAt = Date.parse(after.json<{ data: TodoEntity }>().data.attributes.remindAt!);
    expect(remindAt).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(remindAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect((await action('POST', ten)).statusCode).toBe(410);
    // The reminder those links were for has changed: every one of them has expired.
    for (const token of Object.values(links)) {
      expect((await action('GET', token)).statusCode).toBe(410);
      expect((await action('POST', token)).statusCode).toBe(410);
    }
  });

  it('completes from the mail, and sends no mail to a user who chose notifications only', async () => {
    const bob = await registerConfirmed(t.app, smtp, 'mailcomplete');
    const todo = await remindSoon(bob, 'Renew the passport');
    now = new Date(now.getTime() + 2 * HOUR);
    const [mail] = await settledReminders(bob, 1);
    const complete = /^Complete: https:\/\/todo\.example\.com\/reminder\?token=([\w-]{43})$/m.exec(
      mail!.text,
    )![1]!;
    expect((await action('POST', complete)).statusCode).toBe(200);
    const after = await call(t.app, bob, { method: 'GET', url: `/api/todos/${todo.id}` });
    expect(after.json<{ data: TodoEntity }>().data.attributes.completed).toBe(true);

    const put = await call(t.app, bob, {
      method: 'PUT',
      url: '/api/reminders/delivery',
      payload: { data: { delivery: 'push' } },
    });
    expect(put.statusCode).toBe(200);
    await remindSoon(bob, 'Water the garden');
    now = new Date(now.getTime() + 2 * HOUR);
    // Its event says the reminder was handled; a mail, had one gone out, would follow at once.
    expect(await reminderEventsReach(bob, 2)).toHaveLength(2);
    expect((await settledReminders(bob, 1)).map((m) => m.subject)).toEqual([
      'Reminder: Renew the passport',
    ]);
  });
});
