/** The installable app's pieces a browser suite looks at: the worker, its API cache, Workbox's list. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP } from './browser';
import { signInContext } from './session';

/** The API answers the service worker keeps (0 when its cache does not exist). */
export const cachedApiAnswers = (page: Page) =>
  page.evaluate(async () =>
    (await caches.keys()).includes('ticklist-api')
      ? (await (await caches.open('ticklist-api')).keys()).length
      : 0,
  );

/** The URLs (searches included) Workbox's expiration plugin lists in IndexedDB for the cached reads. */
export const listedCachedReads = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'workbox-expiration'))
      return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('workbox-expiration');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const count = open.result.transaction('cache-entries').objectStore('cache-entries').count();
        count.onerror = () => reject(count.error);
        count.onsuccess = () => {
          open.result.close();
          resolve(count.result);
        };
      };
    });
  });

/** Waits until the service worker (registered once the page is idle) controls the page. */
export const workerInControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** Waits until the worker's API cache holds an answer. */
export const someApiAnswerCached = (page: Page) =>
  page.waitForFunction(
    async () =>
      (await caches.keys()).includes('ticklist-api') &&
      (await (await caches.open('ticklist-api')).keys()).length > 0,
  );

/** A signed-in desktop page on /todos (or `path`) with service workers allowed (the worker registers once idle). */
export async function workerContext(
  browser: Browser,
  baseUrl: string,
  session: Session,
  path = '/todos',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    serviceWorkers: 'allow',
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  await signInContext(context, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  return { context, page };
}

/**
 * A page signed in as `session` on /todos, controlled by the service worker, reloaded once so that
 * the list was read through the worker, which keeps the answer.
 */
export async function todosThroughWorker(
  browser: Browser,
  baseUrl: string,
  session: Session,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await workerContext(browser, baseUrl, session);
  await workerInControl(page);
  await page.reload();
  await someApiAnswerCached(page);
  return { context, page };
}
