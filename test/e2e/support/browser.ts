/**
 * Debian's Chromium driven by playwright-core. Where no Chromium is found the browser suites
 * say so and are skipped, except under CI=true, where a missing browser fails the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = fs.existsSync(CHROMIUM_PATH);
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../test-results/screenshots');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export function describeInBrowser(name: string, suite: () => void): void {
  if (chromiumAvailable) {
    describe(name, suite);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
      });
    });
  } else {
    console.warn(
      `No Chromium at ${CHROMIUM_PATH}: skipping browser suite "${name}" (apt-get install -y chromium)`,
    );
    describe.skip(name, suite);
  }
}

/**
 * Contexts block service workers unless a suite asks for them (`serviceWorkers: 'allow'`, as the
 * PWA suite does): a worker answers the app's reads out of page.route's reach and from its cache,
 * which the other suites' intercepted and offline answers must not meet.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface Stage {
  server: import('./server').RunningServer;
  browser: Browser;
}

/** A fresh server (its own SQLite) and browser for the suite it is called in, both stopped after it. */
export function stageForSuite(env?: Record<string, string>): Stage {
  const stage = {} as Stage;
  beforeAll(async () => {
    const { startServer } = await import('./server');
    [stage.server, stage.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.server?.stop();
  });
  return stage;
}
