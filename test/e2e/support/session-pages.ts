/** Helpers for the session and layout browser suites. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP, PHONE } from './browser';
import { expect } from '@playwright/test';
import { signInContext } from './session';

export type Viewport = typeof DESKTOP | typeof PHONE;

export async function openPage(
  browser: Browser,
  url: string,
  { viewport = DESKTOP, session }: { viewport?: Viewport; session?: Session } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  if (session) await signInContext(context, session);
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/** Waits until the page has its h1 (any text). */
export const heading = (page: Page) =>
  expect(page.getByRole('heading', { level: 1 })).toBeVisible();

/**
 * Waits until the page's h1 reads `text`. Pages load lazily inside a transition, so right after a
 * navigation the previous page's heading may still be on screen for a moment.
 */
export const expectHeading = (page: Page, text: string) =>
  expect(page.getByRole('heading', { level: 1, name: text, exact: true })).toBeVisible();

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the toast with exactly this text is on screen. */
export const toast = (page: Page, text: string) =>
  expect(
    page
      .getByRole('alert')
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first(),
  ).toBeVisible();

export const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
