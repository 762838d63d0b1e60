/** Helpers for the session and layout browser suites. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Session } from '../../../src/shared/api-types';
import { DESKTOP, PHONE, screenshot } from './browser';
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

/** The page's one h1, once it has rendered. */
export async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.waitFor();
  return (await h1.textContent()) ?? '';
}

/**
 * Waits until the page's h1 reads `text`. Pages load lazily inside a transition, so right after a
 * navigation the previous page's heading may still be on screen for a moment.
 */
export async function expectHeading(page: Page, text: string): Promise<void> {
  try {
    await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  } catch {
    throw new Error(
      `expected the page's heading to read "${text}", it reads "${await heading(page)}"`,
    );
  }
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the toast with exactly this text is on screen. */
export const toast = (page: Page, text: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .first()
    .waitFor();

/** Screenshots the page at the desktop and the phone width, then restores the desktop width. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(original);
}

export const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as unknown);
