/** Helpers for the todo list screen in a real browser. */
import type { Browser, Page } from 'playwright-core';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP, PHONE, screenshot } from './browser';
import { signInContext } from './session';

export type Viewport = { width: number; height: number };

/** A new signed-in tab on /todos (plus an optional query string), with the list shown. */
export async function openTodos(browser: Browser, baseUrl: string, session: Session, query = '', viewport: Viewport = DESKTOP) {
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
export async function expectRows(page: Page, expected: string[], timeoutMs = 10_000): Promise<void> {
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

export const numbered = (from: number, titles: string[]) => titles.map((title, index) => `${from + index}. ${title}`);
