/**
 * The offline write queue in Chromium: writes made offline show at once, survive the tab being
 * closed, and reach the server exactly once when the network returns; a lost answer is retried
 * with the same key; a conflict keeps the user's version; another user never gets them; signing
 * out asks before discarding them, and then leaves none in IndexedDB.
 */
import { expect, test } from './support/fixtures';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Session, TodoEntity } from '../../src/shared/api-types';
import { DESKTOP, screenshotBoth } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered } from './support/todos-page';

/** Every todo of the user on the server, oldest first. */
async function serverTodos(baseUrl: string, session: Session): Promise<TodoEntity['attributes'][]> {
  const response = await fetch(`${baseUrl}/api/todos?pagination[pageSize]=100&sort=createdAt:asc`, {
    headers: { authorization: `Bearer ${session.jwt}` },
  });
  return ((await response.json()) as { data: TodoEntity[] }).data.map((todo) => todo.attributes);
}

/** A tab of this context signed in as `session` (the stored session is replaced, as a sign-in would). */
async function openAs(context: BrowserContext, baseUrl: string, session: Session): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/api/health`); // same origin, no app: set the stored session first
  await page.evaluate(
    (stored) => window.localStorage.setItem('user', stored),
    JSON.stringify(session),
  );
  await page.goto(`${baseUrl}/todos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
  return page;
}

async function addTodo(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Add todo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
}

async function editTitle(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${from}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit this todo' });
  await dialog.getByLabel('Title').fill(to);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog).toBeHidden();
}

const waitingChips = (page: Page) => page.getByLabel('Waiting to sync');

/** The queued writes in the app's IndexedDB database (it exists once a write was queued). */
const storedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('ticklist-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('writes').objectStore('writes').count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );

test.describe('offline write queue', () => {
  const newContext = (browser: Browser) =>
    browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', locale: 'en-US' });

  test('writes made offline show at once and reach the server exactly once after the tab was closed', async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const session = await registerUser(url);
    await createTodoList(url, session, [{ title: 'Buy milk' }, { title: 'Call Ann' }]);
    const context = await newContext(browser);
    const page = await openAs(context, url, session);
    await expectRows(page, numbered(1, ['Buy milk', 'Call Ann']));

    await context.setOffline(true);
    await addTodo(page, 'Written offline');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Todo saved on this device!' }).first(),
    ).toBeVisible();
    // The tick is the list's state, drawn once the write is under way: click, then wait for it
    // (check() asks for the new state at once, which a loaded machine may not have drawn yet).
    const tick = page.getByRole('checkbox', { name: 'Mark Buy milk as completed' });
    await tick.click();
    await expect(tick).toBeChecked();
    await editTitle(page, 'Call Ann', 'Call Ann and Bob');
    await expectRows(page, numbered(1, ['Buy milk', 'Call Ann and Bob', 'Written offline']));
    await expect(waitingChips(page)).toHaveCount(3);
    await screenshotBoth(page, 'offline-queue-pending');
    expect(await serverTodos(url, session)).toMatchObject([
      { title: 'Buy milk', completed: false },
      { title: 'Call Ann' },
    ]);

    // The tab is closed before the network returns; a new one sends what was queued.
    await page.close();
    await context.setOffline(false);
    const again = await openAs(context, url, session);
    await expect
      .poll(async () => (await serverTodos(url, session)).length, {
        message: 'the queued add on the server',
      })
      .toBe(3);
    await expectRows(again, numbered(1, ['Buy milk', 'Call Ann and Bob', 'Written offline']));
    await expect(waitingChips(again)).toHaveCount(0);
    expect(await serverTodos(url, session)).toMatchObject([
      { title: 'Buy milk', completed: true },
      { title: 'Call Ann and Bob', completed: false },
      { title: 'Written offline', completed: false },
    ]);
    await again.reload(); // nothing is sent twice
    await expectRows(again, numbered(1, ['Buy milk', 'Call Ann and Bob', 'Written offline']));
    expect(await serverTodos(url, session)).toHaveLength(3);
    await context.close();
  });

  test('an edit of a todo deleted elsewhere meanwhile is kept as a new todo, and the user is told', async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const session = await registerUser(url);
    const [id] = await createTodoList(url, session, [{ title: 'Plan trip' }]);
    const context = await newContext(browser);
    const page = await openAs(context, url, session);
    await expectRows(page, numbered(1, ['Plan trip']));

    await context.setOffline(true);
    await editTitle(page, 'Plan trip', 'Plan trip to Rome');
    await expectRows(page, numbered(1, ['Plan trip to Rome']));
    const deleted = await fetch(`${url}/api/todos/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    expect(deleted.status).toBe(200);

    await context.setOffline(false);
    await expect(
      page.getByRole('alert').filter({
        hasText: '"Plan trip to Rome" was deleted elsewhere: your version is kept as a new todo.',
      }),
    ).toBeVisible();
    await expectRows(page, numbered(1, ['Plan trip to Rome']));
    expect(await serverTodos(url, session)).toMatchObject([{ title: 'Plan trip to Rome' }]);
    await context.close();
  });

  test("another user signing in on the same browser neither sees nor sends the first user's queued writes", async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const [ann, bob] = [await registerUser(url), await registerUser(url)];
    const context = await newContext(browser);
    const annPage = await openAs(context, url, ann);
    await expect(annPage.getByText('No todos available').first()).toBeVisible();
    await context.setOffline(true);
    await addTodo(annPage, "Ann's secret");
    await expectRows(annPage, numbered(1, ["Ann's secret"]));
    await annPage.close();

    await context.setOffline(false);
    const bobPage = await openAs(context, url, bob);
    await expect(bobPage.getByText('No todos available').first()).toBeVisible();
    await addTodo(bobPage, "Bob's todo"); // online: straight to the server, not through the queue
    await expect(bobPage.getByText('Todo added successfully!', { exact: true })).toBeVisible();
    await expectRows(bobPage, numbered(1, ["Bob's todo"]));
    expect(await serverTodos(url, bob)).toMatchObject([{ title: "Bob's todo" }]);
    expect(await serverTodos(url, ann)).toEqual([]);
    await bobPage.close();

    // Ann comes back: her write is sent now, once.
    const annAgain = await openAs(context, url, ann);
    await expect
      .poll(async () => (await serverTodos(url, ann)).length, {
        message: "Ann's queued add on the server",
      })
      .toBe(1);
    await expectRows(annAgain, numbered(1, ["Ann's secret"]));
    expect(await serverTodos(url, bob)).toHaveLength(1);
    await context.close();
  });

  test('Logout with an offline edit asks first: Cancel keeps it, Sign out leaves no queued write in IndexedDB', async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const session = await registerUser(url);
    await createTodoList(url, session, [{ title: 'Plan trip' }]);
    const context = await newContext(browser);
    const page = await openAs(context, url, session);
    await expectRows(page, numbered(1, ['Plan trip']));
    await context.setOffline(true);
    await editTitle(page, 'Plan trip', 'Plan trip to Rome');
    await expectRows(page, numbered(1, ['Plan trip to Rome']));
    expect(await storedWrites(page)).toBe(1);

    const logout = async () => {
      await page.getByRole('button', { name: session.user.username }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
    };
    await logout();
    const dialog = page.getByRole('dialog', { name: 'Sign out and discard 1 unsent change?' });
    await expect(dialog).toBeVisible();
    await screenshotBoth(page, 'offline-queue-sign-out');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectRows(page, numbered(1, ['Plan trip to Rome']));
    expect(await storedWrites(page)).toBe(1);

    await logout();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${url}/login`);
    expect(await storedWrites(page)).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();

    // Back online and signed in again: the discarded edit is not sent.
    await context.setOffline(false);
    const again = await openAs(context, url, session);
    await expectRows(again, numbered(1, ['Plan trip']));
    expect(await serverTodos(url, session)).toMatchObject([{ title: 'Plan trip' }]);
    await context.close();
  });

  test('"Log out of all devices" asks too when a change could not be sent, then discards it', async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const session = await registerUser(url);
    await createTodoList(url, session, [{ title: 'Plan trip' }]);
    const context = await newContext(browser);
    const page = await openAs(context, url, session);
    await expectRows(page, numbered(1, ['Plan trip']));
    // The server is out of reach for todo writes only: the edit stays queued, the logout call goes.
    await page.route(`${url}/api/todos/**`, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    await context.setOffline(true);
    await editTitle(page, 'Plan trip', 'Plan trip to Rome');
    await context.setOffline(false);
    await page.getByRole('button', { name: session.user.username }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Log out of all devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out and discard 1 unsent change?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${url}/login`);
    expect(await storedWrites(page)).toBe(0);
    const me = await fetch(`${url}/api/users/me`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  test('a write whose answer was lost is sent again with the same key and lands once', async ({
    browser,
    server,
  }) => {
    const url = server.url;
    const session = await registerUser(url);
    const context = await newContext(browser);
    const page = await openAs(context, url, session);
    await expect(page.getByText('No todos available').first()).toBeVisible();
    const keys: string[] = [];
    await page.route(`${url}/api/todos/`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      await route.fetch(); // the server handles it ...
      await route.abort('connectionreset'); // ... and the answer never arrives
    });
    await addTodo(page, 'Answer lost');
    await expect(
      page
        .getByText('Todo saved on this device! It will be added when the connection returns.')
        .first(),
    ).toBeVisible();
    await expect.poll(() => keys.length, { message: 'the retry' }).toBeGreaterThanOrEqual(2);
    await expectRows(page, numbered(1, ['Answer lost']));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(await serverTodos(url, session)).toMatchObject([{ title: 'Answer lost' }]);
    await context.close();
  });
});
