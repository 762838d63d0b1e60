/**
 * The installable app in Chromium against the built server: the manifest and its icons, the
 * service worker taking control, then offline: the banner, a reload of /todos that still shows
 * the list seen before, back online the banner going and the list refreshing; and a logout
 * leaving no API answers in the cache, nor their URLs in Workbox's IndexedDB list. Online, the
 * worker's cache never answers a read, even a slow one. With the write queue: a todo added offline
 * survives a reload offline and reaches the server exactly once when the network returns.
 */
import { expect, test } from './support/fixtures';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import {
  cachedApiAnswers,
  listedCachedReads,
  someApiAnswerCached,
  todosThroughWorker,
  workerContext,
  workerInControl,
} from './support/pwa';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, watchRowLists } from './support/todos-page';

const OFFLINE_TEXT =
  'You are offline. Changes are saved on this device and sent when you are back online.';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23 of the file). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('installable app: manifest, service worker, offline', () => {
  test('links a valid manifest whose icons are real PNGs of the sizes it names', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestUrl = new URL(href ?? '', server.url);
    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Ticklist',
      short_name: 'Ticklist',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1565c0',
      background_color: '#ffffff',
    });
    expect(typeof manifest.description).toBe('string');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, manifestUrl));
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer()))).toBe(icon.sizes);
    }
    const themeColors = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) =>
        metas.map((meta) => `${meta.getAttribute('media')} ${meta.getAttribute('content')}`),
      );
    expect(themeColors).toEqual([
      '(prefers-color-scheme: light) #1565c0',
      '(prefers-color-scheme: dark) #1e1e1e',
    ]);
    await context.close();
  });

  test('offline: the banner shows, a reload still shows the list seen before; online again the list refreshes; logout empties the cache', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Buy milk' }, { title: 'Call mum' }]);
    const { context, page } = await workerContext(browser, server.url, session);
    await expectRows(page, numbered(1, ['Buy milk', 'Call mum']));

    await workerInControl(page);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        state: registration?.active?.state,
        script: navigator.serviceWorker.controller?.scriptURL,
      };
    });
    expect(worker).toEqual({ state: 'activated', script: `${server.url}/sw.js` });
    // The next visit reads the list through the worker, which keeps the answer.
    await page.reload();
    await expectRows(page, numbered(1, ['Buy milk', 'Call mum']));
    await someApiAnswerCached(page);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_TEXT });
    await expect(banner).toBeVisible();

    await page.reload();
    await expectRows(page, numbered(1, ['Buy milk', 'Call mum']));
    // Time from the navigation's start to the rows on screen, for the report (not asserted).
    const shownAfterMs = await page.evaluate(() => Math.round(performance.now()));
    console.log(`offline reload of /todos: list visible ${shownAfterMs} ms after navigation`);
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();

    // On a phone the banner is on screen, above the list, covering none of it.
    await page.setViewportSize(PHONE);
    const bannerBox = await banner.boundingBox();
    const firstRow = await page.getByTestId('todo-row').first().boundingBox();
    expect(bannerBox && firstRow).toBeTruthy();
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(firstRow!.y);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(PHONE.height);
    await screenshot(page, 'pwa-offline-phone');
    await page.setViewportSize(DESKTOP);

    // Meanwhile another device adds a todo; back online, the banner goes and the list refetches.
    await createTodoList(server.url, session, [{ title: 'Water plants' }]);
    await context.setOffline(false);
    await expect(banner).toBeHidden();
    // Playwright brings the page back online before the service worker (in that order, one after the
    // other), so the app's reconnect read races a worker still offline, which answers from its cache.
    // In a browser both see the network at once: say "online" again now that setOffline has finished.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expectRows(page, numbered(1, ['Buy milk', 'Call mum', 'Water plants']));

    expect(await cachedApiAnswers(page)).toBeGreaterThan(0);
    expect(await listedCachedReads(page)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: session.user.username })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Emptied as the session ends, in the background of the navigation.
    await expect.poll(() => cachedApiAnswers(page)).toBe(0);
    await expect.poll(() => listedCachedReads(page)).toBe(0);
    await context.close();
  });

  test("online, a reload shows another device's change: the worker answers from the network, even a slow one, never from its cache", async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Buy milk' }]);
    const { context, page } = await todosThroughWorker(browser, server.url, session);
    await expectRows(page, numbered(1, ['Buy milk']));

    await createTodoList(server.url, session, [{ title: 'Call mum' }]);
    await page.reload();
    await expectRows(page, numbered(1, ['Buy milk', 'Call mum']));

    // A slow network: the worker's first list read is held until the app, past its 2 s timeout,
    // asks again. A worker that gave up on the network early would answer the list it
    // cached (two rows) meanwhile; the rows on screen are watched until the fresh list shows.
    await createTodoList(server.url, session, [{ title: 'Water plants' }]);
    let workerReads = 0;
    let secondRead!: () => void;
    const secondReadMade = new Promise<void>((resolve) => (secondRead = resolve));
    await context.route(/\/api\/todos\?/, async (route) => {
      if (route.request().serviceWorker()) {
        workerReads += 1;
        if (workerReads === 1) await secondReadMade;
        else secondRead();
      }
      await route.continue().catch(() => undefined); // the first read's client may have gone
    });
    const rowListsSeen = await watchRowLists(page);
    await page.reload();
    const fresh = numbered(1, ['Buy milk', 'Call mum', 'Water plants']);
    await expect.poll(rowListsSeen).toContainEqual(fresh);
    expect(await rowListsSeen()).toEqual([fresh]);
    expect(workerReads).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  test('a todo added offline is still there after a reload offline, and reaches the server exactly once when back online', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    await createTodoList(server.url, session, [{ title: 'Buy milk' }]);
    const { context, page } = await todosThroughWorker(browser, server.url, session);
    await expectRows(page, numbered(1, ['Buy milk']));

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await dialog.getByLabel('Title').fill('Written on the train');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    await expectRows(page, numbered(1, ['Buy milk', 'Written on the train']));

    await page.reload();
    await expectRows(page, numbered(1, ['Buy milk', 'Written on the train']));
    await expect(page.getByLabel('Waiting to sync')).toHaveCount(1);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online'))); // see the test above
    await expect(page.getByLabel('Waiting to sync')).toBeHidden();
    await expectRows(page, numbered(1, ['Buy milk', 'Written on the train']));
    const stored = await fetch(`${server.url}/api/todos?pagination[pageSize]=100`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    const titles = (
      (await stored.json()) as { data: { attributes: { title: string } }[] }
    ).data.map((todo) => todo.attributes.title);
    expect(titles.sort()).toEqual(['Buy milk', 'Written on the train']);
    await context.close();
  });

  test('after one online visit, an offline reload shows the list, and a todo added offline takes its place in the sort (issue 40)', async ({
    browser,
    server,
  }) => {
    const session = await registerUser(server.url);
    const titles = Array.from(
      { length: 12 },
      (_, index) => `Todo ${String(index + 1).padStart(2, '0')}`,
    );
    await createTodoList(
      server.url,
      session,
      titles.map((title) => ({ title })),
    );
    // One visit, no reload: the worker takes control after the page read its list, and reads it again.
    const { context, page } = await workerContext(
      browser,
      server.url,
      session,
      '/todos?sort=title',
    );
    await expectRows(page, numbered(1, titles.slice(0, 10)));
    await workerInControl(page);
    await someApiAnswerCached(page);

    await context.setOffline(true);
    await page.reload();
    await expectRows(page, numbered(1, titles.slice(0, 10)));
    const footer = page.getByRole('status').filter({ hasText: /^Showing/ });
    await expect(footer).toHaveText('Showing 1 to 10 of 12 entries');

    await page.getByRole('button', { name: 'Add todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await dialog.getByLabel('Title').fill('todo 04b');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    // Between "Todo 04" and "Todo 05", the page still ten rows long: "Todo 10" moved to page 2.
    await expectRows(page, numbered(1, [...titles.slice(0, 4), 'todo 04b', ...titles.slice(4, 9)]));
    await expect(footer).toHaveText('Showing 1 to 10 of 13 entries');
    const added = page.getByTestId('todo-row').nth(4);
    await expect(added.getByLabel('Waiting to sync')).toBeVisible();
    await expect(added.getByRole('button', { name: 'Edit todo 04b' })).toBeVisible();
    await expect(added.getByRole('button', { name: 'Delete todo 04b' })).toBeVisible();
    await expect(added.getByRole('checkbox', { name: 'Mark todo 04b as completed' })).toBeVisible();
    await context.close();
  });
});
