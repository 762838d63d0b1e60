/**
 * Quick add (issue 42, item 3) in Chromium against the built server, in New York's time zone (the
 * browser's): "q" focuses the field, two lines are typed and added with Enter, the todos are read
 * back through the API (due date, recurrence, priority, reminder) and seen on the list; on a phone
 * the same from the Today page, without a sideways scroll at 390 px. The expected dates come from
 * the browser's own clock and zone, not from the parser.
 */
import type { Locator, Page } from '@playwright/test';
import type { TodoEntity } from '../../src/shared/api-types';
import { screenshot } from './support/browser';
import { expect, test } from './support/fixtures';

test.use({ timezoneId: 'America/New_York' });

/** The browser's dates: today, tomorrow, the next 1st (today included), and tomorrow at 17:00 as an instant. */
const browserDates = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const ymd = (date: Date) =>
      [date.getFullYear(), date.getMonth() + 1, date.getDate()]
        .map((part, index) => String(part).padStart(index ? 2 : 4, '0'))
        .join('-');
    const at = (days: number, hour = 0) =>
      new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour);
    const first = now.getDate() === 1 ? now : new Date(now.getFullYear(), now.getMonth() + 1, 1);
    return {
      today: ymd(now),
      tomorrow: ymd(at(1)),
      nextFirst: ymd(first),
      tomorrowAt5pm: at(1, 17).toISOString(),
    };
  });

async function storedTodos(serverUrl: string, jwt: string) {
  const response = await fetch(`${serverUrl}/api/todos?sort=createdAt:asc`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const { data } = (await response.json()) as { data: TodoEntity[] };
  return data.map(({ attributes: { title, dueDate, remindAt, recurrence, priority } }) => ({
    title,
    dueDate,
    remindAt,
    recurrence,
    priority,
  }));
}

/** Types a line into quick add and adds it with Enter; the line clears and the field keeps the focus. */
async function quickAdd(page: Page, field: Locator, line: string) {
  await field.fill(line);
  await field.press('Enter');
  await expect(page.getByText('Todo added successfully!').last()).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('quick add', () => {
  test('q focuses it; two lines become two todos with their dates, repeat, priority and reminder', async ({
    page,
    server,
    session,
  }) => {
    await page.goto(`${server.url}/todos`);
    await expect(page.getByText('No todos available')).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Quick add' });
    await page.keyboard.press('q');
    await expect(field).toBeFocused();
    const dates = await browserDates(page);

    // The parts are highlighted as they are typed, and said in words under the field.
    await field.pressSequentially('Pay rent every month on the 1st p1');
    const highlights = page.getByTestId('quick-add-highlights').locator('mark');
    await expect(highlights).toHaveText(['every month on the 1st', 'p1']);
    await expect(page.getByText(/Repeats monthly · Priority High$/)).toBeVisible();
    await screenshot(page, 'quick-add-typed');
    await field.press('Enter');
    await expect(page.getByText('Todo added successfully!')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();

    await quickAdd(page, field, 'Call mum tomorrow 5pm');
    expect(await storedTodos(server.url, session.jwt)).toEqual([
      {
        title: 'Pay rent',
        dueDate: dates.nextFirst,
        remindAt: null,
        recurrence: 'FREQ=MONTHLY',
        priority: 3,
      },
      {
        title: 'Call mum',
        dueDate: dates.tomorrow,
        remindAt: dates.tomorrowAt5pm,
        recurrence: null,
        priority: 0,
      },
    ]);

    const rows = page.getByTestId('todo-row');
    await expect(rows.getByRole('heading')).toHaveText(['Pay rent', 'Call mum']);
    await expect(rows.first().getByRole('img', { name: 'High priority' })).toBeVisible();
    await expect(rows.last()).toContainText('Tomorrow');
  });

  test(
    'on a phone, from Today: adds due today by default, and never scrolls sideways',
    {
      tag: '@phone',
    },
    async ({ page, server, session }) => {
      await page.goto(`${server.url}/today`);
      const today = page.getByRole('region', { name: /^Today/ });
      await expect(today.getByText('Nothing due today.')).toBeVisible();
      const field = page.getByRole('textbox', { name: 'Quick add' });
      const dates = await browserDates(page);

      await field.click();
      await field.pressSequentially('Call mum tomorrow 5pm #family @phone !2');
      // #family and @phone name no project or label of this user: they stay plain text (see
      // projects.spec.ts and labels.spec.ts for ones that do).
      await expect(page.getByTestId('quick-add-highlights').locator('mark')).toHaveCount(2);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'quick-add-phone');
      await field.press('Enter');
      await expect(page.getByText('Todo added successfully!')).toBeVisible();
      await expect(field).toHaveValue('');

      await quickAdd(page, field, 'Water the plants');
      await quickAdd(page, field, 'Pay rent every month on the 1st p1');
      expect(await storedTodos(server.url, session.jwt)).toEqual([
        {
          title: 'Call mum #family @phone',
          dueDate: dates.tomorrow,
          remindAt: dates.tomorrowAt5pm,
          recurrence: null,
          priority: 2,
        },
        { title: 'Water the plants', dueDate: dates.today, remindAt: null, recurrence: null, priority: 0 }, // prettier-ignore
        {
          title: 'Pay rent',
          dueDate: dates.nextFirst,
          remindAt: null,
          recurrence: 'FREQ=MONTHLY',
          priority: 3,
        },
      ]);
      await expect(today.getByRole('heading', { name: 'Water the plants' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: /^Tomorrow/ }).getByRole('heading', {
          name: 'Call mum #family @phone',
        }),
      ).toBeVisible();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    },
  );
});
