/** Helpers for the todo list screen in a real browser. */
import type { Browser, Locator, Page } from '@playwright/test';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP } from './browser';
import { expect } from '@playwright/test';
import { signInContext } from './session';

export type Viewport = { width: number; height: number };

/** A new signed-in tab on /todos (plus an optional query string), with the list shown. */
export async function openTodos(
  browser: Browser,
  baseUrl: string,
  session: Session,
  query = '',
  viewport: Viewport = DESKTOP,
) {
  const context = await browser.newContext({ viewport, timezoneId: 'UTC', locale: 'en-US' });
  await signInContext(context, session);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/todos${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
  return { context, page };
}

/** "N. Title" for each row on screen, read in one go (the list may change between reads). */
export function rowSummaries(page: Page): Promise<string[]> {
  return page.getByTestId('todo-row').evaluateAll((rows) =>
    rows.map((row) => {
      const number = row.querySelector('[data-testid="todo-number"]')?.textContent?.trim() ?? '';
      const title = row.querySelector('h2')?.textContent?.trim() ?? '';
      return `${number} ${title}`;
    }),
  );
}

/** Waits until the rows on screen are exactly `expected`. */
export async function expectRows(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => rowSummaries(page), { message: 'the rows on screen' }).toEqual(expected);
}

/**
 * Records, from the page's next load on, every distinct non-empty list of rows it shows (as
 * rowSummaries reads them), however briefly; answers a reader of that record.
 */
export async function watchRowLists(page: Page): Promise<() => Promise<string[][]>> {
  await page.addInitScript(() => {
    const seen: string[][] = [];
    (window as unknown as { rowListsSeen: string[][] }).rowListsSeen = seen;
    new MutationObserver(() => {
      const rows = [...document.querySelectorAll('[data-testid="todo-row"]')].map((row) => {
        const number = row.querySelector('[data-testid="todo-number"]')?.textContent?.trim() ?? '';
        const title = row.querySelector('h2')?.textContent?.trim() ?? '';
        return `${number} ${title}`;
      });
      const last = seen[seen.length - 1];
      if (rows.length > 0 && JSON.stringify(rows) !== JSON.stringify(last)) seen.push(rows);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { rowListsSeen: string[][] }).rowListsSeen);
}

export const numbered = (from: number, titles: string[]) =>
  titles.map((title, index) => `${from + index}. ${title}`);

export interface TodoSeed {
  title: string;
  description?: string;
  completed?: boolean;
}

/** Creates todos through the real API, in order, with a description and completion where given. */
export async function seedTodos(
  baseUrl: string,
  session: Session,
  todos: TodoSeed[],
): Promise<void> {
  for (const data of todos) {
    const response = await fetch(`${baseUrl}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data }),
    });
    if (response.status !== 200)
      throw new Error(`create failed: ${response.status} ${await response.text()}`);
  }
}

/** Whether this element has the keyboard focus now. */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** A toast (by its exact text) and its Undo button. */
export function undoToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  return { toast, undo: toast.getByRole('button', { name: 'Undo' }) };
}
