/**
 * Issue 28 in Chromium against the built server: a due date picked in the add dialog and named on
 * its row, overdue rows, the sort by due date with undated todos last, the Today page, completing an
 * occurrence of a daily series shows the next one, and the profile's calendar feed link.
 */
import type { Page } from 'playwright-core';
import { describeInBrowser, stageForSuite } from './support/browser';
import { registerUser } from './support/session';
import { expectRows, numbered, openTodos, screenshotBoth } from './support/todos-page';

jest.setTimeout(120_000);

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

describeInBrowser('todos: due dates, the Today page, series and the calendar feed', () => {
  const stage = stageForSuite();

  it('picks a due date, names it on the row, sorts by it, and shows the Today page', async () => {
    const session = await registerUser(stage.server.url);
    await create(stage.server.url, session.jwt, { title: 'Old task', dueDate: day(-3) });
    await create(stage.server.url, session.jwt, { title: 'No date' });
    await create(stage.server.url, session.jwt, { title: 'Pay rent', dueDate: day(10) });
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
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
    await dialog.waitFor({ state: 'detached' });

    await rowNamed(page, 'Call mum')
      .getByTestId('todo-due')
      .getByText('Tomorrow', { exact: true })
      .waitFor();
    const overdue = rowNamed(page, 'Old task').getByTestId('todo-due');
    expect(await overdue.textContent()).toMatch(/^Overdue, due /);
    expect(await overdue.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(211, 47, 47)',
    );
    expect(await rowNamed(page, 'No date').getByTestId('todo-due').count()).toBe(0);
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
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    const groups = page.getByTestId('day-group');
    await groups.first().getByRole('heading', { name: 'Overdue' }).waitFor();
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

  it('completing an occurrence of a daily series on the Today page shows the next one', async () => {
    const session = await registerUser(stage.server.url);
    await create(stage.server.url, session.jwt, {
      title: 'Water plants',
      dueDate: day(0),
      recurrence: 'FREQ=DAILY',
    });
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await rowNamed(page, 'Water plants').getByRole('img', { name: 'Repeats' }).waitFor();
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    const today = page.getByRole('region', { name: /^Today/ });
    await today.getByRole('heading', { name: 'Water plants' }).waitFor();

    await today.getByRole('checkbox', { name: 'Mark Water plants as completed' }).click();
    const tomorrow = page.getByRole('region', { name: /^Tomorrow/ });
    await tomorrow.getByRole('heading', { name: 'Water plants' }).waitFor();
    await today.getByText('Nothing due today.').waitFor();
    await context.close();
  });

  it('a tick on the Today page shows at once, before the server answers; the row leaves once it has', async () => {
    const session = await registerUser(stage.server.url);
    await create(stage.server.url, session.jwt, { title: 'Call the bank', dueDate: day(0) });
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    const today = page.getByRole('region', { name: /^Today/ });
    const checkbox = today.getByRole('checkbox', { name: 'Mark Call the bank as completed' });
    await checkbox.waitFor();

    let answered = false;
    await page.route('**/api/todos/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      answered = true;
      await route.fulfill({ response });
    });
    await checkbox.click();
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            'input[aria-label="Mark Call the bank as completed"]',
          ) as HTMLInputElement | null
        )?.checked === true,
      undefined,
      { timeout: 1000 },
    );
    expect(answered).toBe(false);
    await today.getByText('Nothing due today.').waitFor();
    expect(answered).toBe(true);
    await context.close();
  });

  it('the profile makes, copies and resets the calendar feed link; the old link then fails', async () => {
    const session = await registerUser(stage.server.url);
    await create(stage.server.url, session.jwt, { title: 'Dentist', dueDate: day(4) });
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stage.server.url,
    });
    await page.goto(`${stage.server.url}/profile`);
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByRole('button', { name: 'Create link' }).click();
    const link = section.getByLabel('Calendar link', { exact: true });
    await link.waitFor();
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
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    await section.getByRole('button', { name: 'Reset link' }).click();
    await page.getByText('Calendar link reset: the old link no longer works.').waitFor();
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
    expect(
      await page
        .getByRole('region', { name: 'Calendar feed' })
        .getByLabel('Calendar link', { exact: true })
        .inputValue(),
    ).toBe(second);
    await screenshotBoth(page, 'profile-calendar-feed');
    await context.close();
  });
});
