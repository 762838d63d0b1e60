/**
 * A reminder reaches the open tab, in Chromium against the built server (which looks for due
 * reminders every second here): its toast's Done completes the todo, Snooze moves the reminder an
 * hour on, and Open shows the list searched for the todo.
 */
import type { Session } from '../../src/shared/api-types';
import { expect, test } from './support/fixtures';
import { expectRows, numbered } from './support/todos-page';

test.use({ serverEnv: { REMINDER_CHECK_SECONDS: '1' } });

interface StoredTodo {
  id: number;
  attributes: { completed: boolean; remindAt: string | null };
}

async function api<T>(url: string, session: Session, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${url}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

test('a reminder shows as a toast in the open tab; Done, Snooze and Open do what they say', async ({
  page,
  server,
  session,
}) => {
  await page.goto(`${server.url}/todos`);
  await expect(page.getByText('No todos available')).toBeVisible();
  const remindAt = new Date(Date.now() + 2_000).toISOString();
  const todos = `${server.url}/api/todos`;
  const created: Record<string, StoredTodo> = {};
  for (const title of ['Take the bins out', 'Call the dentist', 'Water the plants'])
    created[title] = await api<StoredTodo>(todos, session, 'POST', { data: { title, remindAt } });

  const reminder = (title: string) =>
    page.getByRole('alert').filter({ hasText: `Reminder: ${title}` });
  for (const title of Object.keys(created)) await expect(reminder(title)).toBeVisible();

  await reminder('Take the bins out').getByRole('button', { name: 'Done' }).click();
  await expect(reminder('Take the bins out')).toBeHidden();
  await expect
    .poll(
      async () =>
        (await api<StoredTodo>(`${todos}/${created['Take the bins out']!.id}`, session, 'GET'))
          .attributes.completed,
    )
    .toBe(true);

  const snoozedAt = Date.now();
  await reminder('Call the dentist').getByRole('button', { name: 'Snooze' }).click();
  // Gone, not collapsing: while it collapses the other toasts move, and a click aimed at "1 hour"
  // could land on another toast's button.
  await expect(reminder('Call the dentist')).toHaveCount(0);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Snooze “Call the dentist” for…' })
    .getByRole('button', { name: '1 hour' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Reminder snoozed for 1 hour' }),
  ).toBeVisible();
  const snoozed = await api<StoredTodo>(
    `${todos}/${created['Call the dentist']!.id}`,
    session,
    'GET',
  );
  expect(snoozed.attributes.completed).toBe(false);
  const later = Date.parse(snoozed.attributes.remindAt ?? '') - snoozedAt;
  expect(later).toBeGreaterThan(59 * 60_000);
  expect(later).toBeLessThan(61 * 60_000);

  await reminder('Water the plants').getByRole('button', { name: 'Open' }).click();
  await expect(page.getByPlaceholder('Search todos...')).toHaveValue('Water the plants');
  await expectRows(page, numbered(1, ['Water the plants']));
  expect(new URL(page.url()).searchParams.get('search')).toBe('Water the plants');
});
