/** Helpers for the todo list screen in a real browser. */
import type { Browser, Locator, Page } from 'playwright-core';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP, PHONE, screenshot } from './browser';
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
  await page.getByRole('heading', { level: 1, name: 'Todos' }).waitFor();
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
export async function expectRows(
  page: Page,
  expected: string[],
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await rowSummaries(page);
    if (JSON.stringify(seen) === JSON.stringify(expected)) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`rows on screen:\n  ${seen.join('\n  ')}\nexpected:\n  ${expected.join('\n  ')}`);
}

/** Screenshots of the current state at desktop and at phone width. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(original);
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

/** Whether this element has the keyboard focus. */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** Waits until this element has the keyboard focus. */
export async function expectFocus(locator: Locator, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await hasFocus(locator)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const focused = await locator
    .page()
    .evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`expected focus on ${locator.toString()}, found it on: ${focused}`);
}

/** A toast (by its exact text) and its Undo button. */
export function undoToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  return { toast, undo: toast.getByRole('button', { name: 'Undo' }) };
}
