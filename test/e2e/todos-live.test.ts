/**
 * Live events in Chromium against the built server (issue 27): two browser contexts signed in as
 * the same user are two devices; each sees the other's changes within 2 s without a reload, while
 * an open Edit dialog keeps what was typed in it. Another user's device sees none of it, and a
 * logout closes that tab's stream.
 */
import type { Browser, Page, Request } from 'playwright-core';
import type { Session } from '../../src/shared/api-types';
import { describeInBrowser, DESKTOP, PHONE, stageForSuite } from './support/browser';
import { createTodoList, registerUser, signInContext } from './support/session';
import { expectRows, numbered } from './support/todos-page';

jest.setTimeout(90_000);

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
  await page.goto(`${baseUrl}/todos`);
  await page.getByRole('heading', { level: 1, name: 'Todos' }).waitFor();
  return { context, page, streams, ended, listCalls: () => listCalls };
}

/** When (browser clock, ms since the epoch) a write's answer reached the page that made it. */
async function answeredAt(answer: Promise<import('playwright-core').Response>): Promise<number> {
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
    { polling: 10, timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
}

describeInBrowser('todos: live across devices', () => {
  const stage = stageForSuite();

  it('two devices of one user see each other’s changes within 2 s; an open dialog keeps its text; another user sees nothing', async () => {
    const ann = await registerUser(stage.server.url);
    const bob = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, ann, [{ title: 'Water plants' }, { title: 'Pay rent' }]);
    await createTodoList(stage.server.url, bob, [{ title: 'Only mine' }]);
    // A is a small phone: its page is taller than the screen, so a refetch that lost its place would show.
    const a = await openDevice(stage.browser, stage.server.url, ann, {
      width: PHONE.width,
      height: 480,
    });
    const b = await openDevice(stage.browser, stage.server.url, ann);
    const c = await openDevice(stage.browser, stage.server.url, bob);
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
    expect(await editDialog.isVisible()).toBe(true);
    expect(await editDialog.getByLabel('Title').inputValue()).toBe('Pay rent by Friday');
    expect(b.streams).toHaveLength(1);
    await editDialog.getByRole('button', { name: 'Close' }).click();
    await editDialog.waitFor({ state: 'detached' });

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
    await a.page.waitForTimeout(300); // the refetch's rows are in
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

    // The other user's device got no event of them: it never asked for its list again.
    await c.page.waitForTimeout(500);
    await expectRows(c.page, ['1. Only mine']);
    expect(c.listCalls()).toBe(cListCalls);
    expect(c.streams).toHaveLength(1);
    for (const device of [a, b, c]) await device.context.close();
  });

  it('a save refetches the list of the tab that made it once: its own event coming back adds no refetch', async () => {
    const ann = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, ann, [{ title: 'Water plants' }]);
    const a = await openDevice(stage.browser, stage.server.url, ann);
    await expectRows(a.page, ['1. Water plants']);
    for (let waited = 0; a.streams.length === 0; waited += 50) {
      if (waited > 10_000) throw new Error('the signed-in tab opened no event stream');
      await a.page.waitForTimeout(50);
    }
    await a.page.waitForTimeout(500); // the stream is open and its ready event in
    const before = a.listCalls();
    await a.page.getByRole('button', { name: 'Add todo' }).click();
    const addDialog = a.page.getByRole('dialog', { name: 'Add New Todo' });
    await addDialog.getByLabel('Title').fill('Buy milk');
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expectRows(a.page, numbered(1, ['Water plants', 'Buy milk']));
    await a.page.waitForTimeout(1000); // the event of the add has come back meanwhile
    expect(a.listCalls()).toBe(before + 1);
    await a.context.close();
  });

  it('logging out closes the tab’s stream and opens no other', async () => {
    const ann = await registerUser(stage.server.url);
    const a = await openDevice(stage.browser, stage.server.url, ann);
    for (let waited = 0; a.streams.length === 0; waited += 50) {
      if (waited > 10_000) throw new Error('the signed-in tab opened no event stream');
      await a.page.waitForTimeout(50);
    }
    const main = a.page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: ann.user.username }).click();
    await a.page.getByRole('menuitem', { name: 'Logout' }).click();
    await a.page.waitForURL(/\/login$/, { timeout: 10_000 });
    await a.page.waitForTimeout(1500);
    expect(a.streams.filter((request) => !a.ended.has(request))).toEqual([]);
    expect(a.streams).toHaveLength(1);
    await a.context.close();
  });
});
