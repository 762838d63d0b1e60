/**
 * Issue 28 in Chromium against the built server: a due date picked in the add dialog and named on
 * its row, overdue rows, the sort by due date with undated todos last, the Today page, completing an
 * occurrence of a daily series shows the next one, and the profile's calendar feed link.
 */
import { expect, test } from './support/fixtures';
import { screenshotBoth } from './support/browser';
import type { Page } from '@playwright/test';
import { registerUser } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

/** A date `offset` days from today, "YYYY-MM-DD" (the browser runs in UTC, as does this). */
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function create(baseUrl: string, jwt: string, data: Record<string, unknown>) {
  const response = await fetch(`${baseUrl}/api/todos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ data }),
  });
  if (response.status !== 200)
    throw new Error(`create failed: ${response.status} ${await response.text()}`);
}

const rowNamed = (page: Page, title: string) =>
  page
    .getByTestId('todo-row')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('todos: due dates, the Today page, series and the calendar feed', () => {
  test('picks a due date, names it on the row, sorts by it, and shows the Today page', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await create(server.url, session.jwt, { title: 'Old task', dueDate: day(-3) });
    await create(server.url, session.jwt, { title: 'No date' });
    await create(server.url, session.jwt, { title: 'Pay rent', dueDate: day(10) });
    const { page, context } = await openTodos(browser, server.url, session);
    await expectRows(page, numbered(1, ['Old task', 'No date', 'Pay rent']));

    // The add dialog: a due date typed into the picker's field (month, day, year in en-US).
    await page.getByRole('button', { name: 'Add todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await dialog.getByLabel('Title').fill('Call mum');
    const [year, month, date] = day(1).split('-');
    await dialog.getByRole('group', { name: 'Due date' }).click();
    await page.keyboard.type(`${month}${date}${year}`);
    // A repeat without a due date is refused; with one it is fine: set Never again.
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/todos/'),
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    expect((await posted).postDataJSON()).toEqual({
      data: { title: 'Call mum', description: '', dueDate: day(1), user: session.user.id },
    });
    await expect(dialog).toBeHidden();

    await expect(
      rowNamed(page, 'Call mum').getByTestId('todo-due').getByText('Tomorrow', { exact: true }),
    ).toBeVisible();
    const overdue = rowNamed(page, 'Old task').getByTestId('todo-due');
    await expect(overdue).toHaveText(/^Overdue, due /);
    expect(await overdue.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(211, 47, 47)',
    );
    await expect(rowNamed(page, 'No date').getByTestId('todo-due')).toHaveCount(0);
    // The due labels' screen-reader text stays 1 px wide: the page does not scroll sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshotBoth(page, 'todos-due-dates');

    // Sort by due date: undated last, both ways.
    await page.getByLabel('Sort by').selectOption({ label: 'Due Date' });
    await expectRows(page, numbered(1, ['Old task', 'Call mum', 'Pay rent', 'No date']));
    expect(new URL(page.url()).searchParams.get('sort')).toBe('dueDate');
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    await expectRows(page, numbered(1, ['Pay rent', 'Call mum', 'Old task', 'No date']));

    // Today: overdue first, then the next days by name; Pay rent (10 days out) is not there.
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    const groups = page.getByTestId('day-group');
    await expect(groups.first().getByRole('heading', { name: 'Overdue' })).toBeVisible();
    const shown = await groups.evaluateAll((sections) =>
      sections.map((section) => [
        section.querySelector('h2')?.firstChild?.textContent,
        [...section.querySelectorAll('h3')].map((h) => h.textContent),
      ]),
    );
    expect(shown).toEqual([
      ['Overdue', ['Old task']],
      ['Today', []],
      ['Tomorrow', ['Call mum']],
    ]);
    await screenshotBoth(page, 'today');
    await context.close();
  });

  test('completing an occurrence of a daily series on the Today page shows the next one', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await create(server.url, session.jwt, {
      title: 'Water plants',
      dueDate: day(0),
      recurrence: 'FREQ=DAILY',
    });
    const { page, context } = await openTodos(browser, server.url, session);
    await expect(
      rowNamed(page, 'Water plants').getByRole('img', { name: 'Repeats' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    const today = page.getByRole('region', { name: /^Today/ });
    await expect(today.getByRole('heading', { name: 'Water plants' })).toBeVisible();

    await today.getByRole('checkbox', { name: 'Mark Water plants as completed' }).click();
    const tomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    await expect(tomorrow.getByRole('heading', { name: 'Water plants' })).toBeVisible();
    await expect(today.getByText('Nothing due today.')).toBeVisible();
    await context.close();
  });

  test('a tick on the Today page shows at once, before the server answers; the row leaves once it has', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await create(server.url, session.jwt, { title: 'Call the bank', dueDate: day(0) });
    const { page, context } = await openTodos(browser, server.url, session);
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    const today = page.getByRole('region', { name: /^Today/ });
    const checkbox = today.getByRole('checkbox', { name: 'Mark Call the bank as completed' });
    await expect(checkbox).toBeVisible();

    // The server's answer is held until the tick has shown.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/todos/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    await expect(today.getByText('Nothing due today.')).toHaveCount(0);
    answer();
    await expect(today.getByText('Nothing due today.')).toBeVisible();
    await context.close();
  });

  test('the Today page’s Add button adds a todo due today, which shows under Today (issue 40)', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const { page, context } = await openTodos(browser, server.url, session);
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    const today = page.getByRole('region', { name: /^Today/ });
    await expect(today.getByText('Nothing due today.')).toBeVisible();

    const addButton = page.getByRole('button', { name: 'Add todo' });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await dialog.getByLabel('Title').fill('Call the plumber');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await expect(today.getByRole('heading', { name: 'Call the plumber' })).toBeVisible();
    await expect(addButton).toBeFocused();
    const stored = await fetch(`${server.url}/api/todos`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    const [todo] = ((await stored.json()) as { data: { attributes: { dueDate: string } }[] }).data;
    expect(todo?.attributes.dueDate).toBe(day(0));
    await context.close();
  });

  test('the profile makes, copies and resets the calendar feed link; the old link then fails', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await create(server.url, session.jwt, { title: 'Dentist', dueDate: day(4) });
    const { page, context } = await openTodos(browser, server.url, session);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await page.goto(`${server.url}/profile`);
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByRole('button', { name: 'Create link' }).click();
    const link = section.getByLabel('Calendar link', { exact: true });
    await expect(link).toBeVisible();
    const first = await link.inputValue();
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{22,}\.ics$/);
    const feed = await fetch(first);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('SUMMARY:Dentist');
    // The events link, for calendar apps that show no tasks, has the same todo as an event.
    const events = await section.getByLabel('Events link', { exact: true }).inputValue();
    expect(events).toBe(first.replace(/\.ics$/, '-events.ics'));
    expect(await (await fetch(events)).text()).toMatch(/BEGIN:VEVENT[^]*SUMMARY:Dentist/);

    await section.getByRole('button', { name: 'Copy calendar link' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await section.getByRole('button', { name: 'Reset link' }).click();
    await expect(
      page.getByText('Calendar link reset: the old link no longer works.'),
    ).toBeVisible();
    // The toast may show a frame before the new link is drawn.
    await page.waitForFunction(([input, old]) => (input as HTMLInputElement).value !== old, [
      await link.elementHandle(),
      first,
    ] as const);
    const second = await link.inputValue();
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    // A reload shows the current link (GET).
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Calendar feed' })
        .getByLabel('Calendar link', { exact: true }),
    ).toHaveValue(second);
    await screenshotBoth(page, 'profile-calendar-feed');
    await context.close();
  });
});
