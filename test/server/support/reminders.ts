/** What reached a user of a reminder: the mails the SMTP catcher holds and the events in their journal. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/types';
import type { Session } from '../../../src/shared/api-types';
import type { CaughtMail, SmtpCatcher } from './smtp-catcher';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Getters, as a suite sets its catcher and app up in beforeAll (and may replace the app). */
export function reminderProbes(smtp: () => SmtpCatcher, db: () => Kysely<Database>) {
  const remindersTo = (session: Session): CaughtMail[] =>
    smtp().mails.filter(
      (mail) => mail.to === session.user.email && mail.subject.startsWith('Reminder:'),
    );
  async function reminderEvents(session: Session) {
    const rows = await db()
      .selectFrom('todo_events')
      .select('data')
      .where('user_id', '=', session.user.id)
      .orderBy('id')
      .execute();
    return rows.map((row) => JSON.parse(row.data)).filter((event) => event.action === 'reminder');
  }
  return {
    remindersTo,
    /**
     * Waits (up to `waitMs`) until `count` reminder mails reached the user, then a little longer for
     * any extra one. `count` is the number expected: a slow machine only makes the wait longer.
     */
    async settledReminders(
      session: Session,
      count: number,
      waitMs = 15_000,
    ): Promise<CaughtMail[]> {
      const deadline = Date.now() + waitMs;
      while (remindersTo(session).length < count && Date.now() < deadline) await sleep(25);
      await sleep(300);
      return remindersTo(session);
    },
    reminderEvents,
    /** Waits until the user's journal holds `count` reminder events: those reminders were claimed and handled. */
    async reminderEventsReach(session: Session, count: number, waitMs = 15_000) {
      const deadline = Date.now() + waitMs;
      while ((await reminderEvents(session)).length < count && Date.now() < deadline)
        await sleep(25);
      return reminderEvents(session);
    },
  };
}
