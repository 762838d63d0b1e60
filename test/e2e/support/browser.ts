/** Debian's Chromium and the window sizes the browser suites use. */
import fs from 'node:fs';
import path from 'node:path';
import type { LaunchOptions, Page } from '@playwright/test';

/** Debian's full Chromium: the one a person runs, with everything a web page may ask for. */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser the suites run in: Debian's chromium-headless-shell when it is installed (the same
 * Chromium as headless builds, as Playwright's own default; about a quarter less CPU a test than
 * the full browser), else the full one. CHROMIUM_PATH names another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-results/screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Screens for a person to look at are taken when E2E_SCREENSHOTS=1, or by default outside CI: in
 * CI they cost a tenth of the suite's time and nobody looks at them (a failure keeps its own).
 */
export const WANT_SCREENSHOTS =
  (process.env.E2E_SCREENSHOTS ?? (process.env.CI === 'true' ? '0' : '1')) === '1';

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!WANT_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Resolves after the page has drawn two frames: a resize or a class change is on screen by then. */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

/** Screenshots the page at the desktop and the phone width, then restores the width it had. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  if (!WANT_SCREENSHOTS) return;
  const original = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await nextFrames(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await nextFrames(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(original);
}

/** Waits until every finite animation and transition (dialogs, menus, toasts) has ended. */
export const animationsDone = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
