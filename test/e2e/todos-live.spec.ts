/**
 * Live events in Chromium against the built server (issue 27): two browser contexts signed in as
 * the same user are two devices; each sees the other's changes within 2 s without a reload, while
 * an open Edit dialog keeps what was typed in it. Another user's device sees none of it, and a
 * logout closes that tab's stream.
 */
import { expect, test } from './support/fixtures';
import type { Browser, Page, Request } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { DESKTOP, nextFrames, PHONE } from './support/browser';
import { createTodoList, registerUser, signInContext, updateTodo } from './support/session';
import { expectRows, numbered } from './support/todos-page';

const WITHIN_MS = 2000;
const isStream = (request: Request) => new URL(request.url()).pathname === '/api/todos/events';

/** A signed-in device on /todos, with its event-stream requests and list calls recorded from the start. */
async function openDevice(
  browser: Browser,
  baseUrl: string,
  session: Session,
  viewport: { width: number; height: number } = DESKTOP,
) {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' });
  await signInContext(context, session);
  const page = await context.newPage();
  const streams: Request[] = [];
  const ended = new Set<Request>();
  let listCalls = 0;
  page.on('request', (request) => {
    if (isStream(request)) streams.push(request);
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/todos')
      listCalls += 1;
  });
  page.on('requestfinished', (request) => ended.add(request));
  page.on('requestfailed', (request) => ended.add(request));
  const streamOpen = page.waitForResponse((response) => isStream(response.request()));
  await page.goto(`${baseUrl}/todos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
  return { context, page, streams, ended, streamOpen, listCalls: () => listCalls };
}

/** When (browser clock, ms since the epoch) a write's answer reached the page that made it. */
async function answeredAt(answer: Promise<import('@playwright/test').Response>): Promise<number> {
  const response = await answer;
  await response.finished();
  const timing = response.request().timing();
  return timing.startTime + timing.responseEnd;
}

type RowState = 'shown' | 'gone' | 'completed';

/** The browser time at which `page` first shows the row titled `title` in that state (polled every 10 ms). */
async function shownAt(page: Page, title: string, state: RowState): Promise<number> {
  const handle = await page.waitForFunction(
    ([wanted, how]) => {
      const row = [...document.querySelectorAll('[data-testid="todo-row"]')].find(
        (candidate) => candidate.querySelector('h2')?.textContent?.trim() === wanted,
      );
      const done =
        how === 'gone'
          ? !row
          : how === 'shown'
            ? Boolean(row)
            : Boolean(row?.textContent?.includes('Completed'));
      return done && Date.now();
    },
    [title, state] as const,
    { polling: 10 },
  );
  return (await handle.jsonValue()) as number;
}

test.describe('todos: live across devices', () => {
  test('two devices of one user see each other’s changes within 2 s; an open dialog keeps its text; another user sees nothing', async ({
    browser,
    server,
  }) => {
    const ann = await registerUser(server.url);
    const bob = await registerUser(server.url);
    await createTodoList(server.url, ann, [{ title: 'Water plants' }, { title: 'Pay rent' }]);
    await createTodoList(server.url, bob, [{ title: 'Only mine' }]);
    // A is a small phone: its page is taller than the screen, so a refetch that lost its place would show.
    const a = await openDevice(browser, server.url, ann, {
      width: PHONE.width,
      height: 480,
    });
    const b = await openDevice(browser, server.url, ann);
    const c = await openDevice(browser, server.url, bob);
    for (const device of [a, b])
      await expectRows(device.page, numbered(1, ['Water plants', 'Pay rent']));
    await expectRows(c.page, ['1. Only mine']);
    const cListCalls = c.listCalls();

    // B is editing a todo when A adds one: B's list grows behind the dialog, which keeps its text.
    await b.page.getByRole('button', { name: 'Edit Pay rent' }).click();
    const editDialog = b.page.getByRole('dialog', { name: 'Edit this todo' });
    await editDialog.getByLabel('Title').fill('Pay rent by Friday');
    await a.page.getByRole('button', { name: 'Add todo' }).click();
    const addDialog = a.page.getByRole('dialog', { name: 'Add New Todo' });
    await addDialog.getByLabel('Title').fill('Buy milk');
    const added = a.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname.replace(/\/$/, '') === '/api/todos',
    );
    await addDialog.getByRole('button', { name: 'Add' }).click();
    const addedAt = await answeredAt(added);
    expect((await shownAt(b.page, 'Buy milk', 'shown')) - addedAt).toBeLessThanOrEqual(WITHIN_MS);
    await expectRows(b.page, numbered(1, ['Water plants', 'Pay rent', 'Buy milk']));
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByLabel('Title')).toHaveValue('Pay rent by Friday');
    expect(b.streams).toHaveLength(1);
    await editDialog.getByRole('button', { name: 'Close' }).click();
    await expect(editDialog).toBeHidden();

    // B ticks a todo: A, scrolled to the bottom, shows it completed and stays where it was.
    await a.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrolled = await a.page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const ticked = b.page.waitForResponse((response) => response.request().method() === 'PUT');
    await b.page.getByRole('checkbox', { name: 'Mark Water plants as completed' }).click();
    const tickedAt = await answeredAt(ticked);
    expect((await shownAt(a.page, 'Water plants', 'completed')) - tickedAt).toBeLessThanOrEqual(
      WITHIN_MS,
    );
    await expect(a.page.locator('ol[aria-busy]')).toBeHidden(); // the refetch's rows are in
    await nextFrames(a.page);
    expect(await a.page.evaluate(() => window.scrollY)).toBe(scrolled);

    // A deletes a todo: it leaves B's list.
    await a.page.getByRole('button', { name: 'Delete Buy milk' }).click();
    const deleted = a.page.waitForResponse((response) => response.request().method() === 'DELETE');
    await a.page
      .getByRole('dialog', { name: 'Delete this todo' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const deletedAt = await answeredAt(deleted);
    expect((await shownAt(b.page, 'Buy milk', 'gone')) - deletedAt).toBeLessThanOrEqual(WITHIN_MS);
    await expectRows(b.page, numbered(1, ['Water plants', 'Pay rent']));

    // The other user's device got no event of them: once a change of its own user has come through
    // its stream (which carries events in order), it has asked for its list again for that one only.
    await createTodoList(server.url, bob, [{ title: 'Bob later' }]);
    await expectRows(c.page, numbered(1, ['Only mine', 'Bob later']));
    expect(c.listCalls()).toBe(cListCalls + 1);
    expect(c.streams).toHaveLength(1);
    for (const device of [a, b, c]) await device.context.close();
  });

  test('a save refetches the list of the tab that made it once: its own event coming back adds no refetch', async ({
    browser,
    server,
  }) => {
    const ann = await registerUser(server.url);
    const [firstId] = await createTodoList(server.url, ann, [{ title: 'Water plants' }]);
    const a = await openDevice(browser, server.url, ann);
    await expectRows(a.page, ['1. Water plants']);
    await a.streamOpen;
    const before = a.listCalls();
    await a.page.getByRole('button', { name: 'Add todo' }).click();
    const addDialog = a.page.getByRole('dialog', { name: 'Add New Todo' });
    await addDialog.getByLabel('Title').fill('Buy milk');
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expectRows(a.page, numbered(1, ['Water plants', 'Buy milk']));
    // Another device's change after it: the stream carries events in order, so once this tab shows
    // that change, the event of its own add has come back before it. One refetch for each change.
    await updateTodo(server.url, ann, firstId!, { title: 'Water the plants' });
    await expectRows(a.page, numbered(1, ['Water the plants', 'Buy milk']));
    expect(a.listCalls()).toBe(before + 2);
    await a.context.close();
  });

  test('logging out closes the tab’s stream and opens no other', async ({ browser, server }) => {
    const ann = await registerUser(server.url);
    const a = await openDevice(browser, server.url, ann);
    await a.streamOpen;
    // The page's timers can be run ahead: a reconnect (its backoff is at most 30 s) would be made then.
    await a.page.clock.install();
    const main = a.page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: ann.user.username }).click();
    await a.page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(a.page).toHaveURL(/\/login$/);
    await expect
      .poll(() => a.streams.filter((request) => !a.ended.has(request)), {
        message: 'the event streams still open',
      })
      .toEqual([]);
    await a.page.clock.runFor(31_000);
    expect(a.streams).toHaveLength(1);
    await a.context.close();
  });
});
