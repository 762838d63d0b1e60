/**
 * The fixtures every browser spec imports `test` and `expect` from:
 * - `server` (worker): the built server on its own SQLite file and a free port, one per worker, so
 *   the workers never share data; `serverEnv` (worker option) adds to its environment.
 * - `browser` (worker): Playwright's (Debian's Chromium, see playwright.config.ts; a missing one fails
 *   at launch, naming the path), whose new contexts block service workers unless a test asks
 *   for them (`serviceWorkers: 'allow'`, as the PWA spec does): a worker answers the app's reads out
 *   of page.route's reach and from its cache, which the other specs' intercepted answers must not meet.
 * - `session` (test): a user registered through the real API.
 * - `context` / `page` (test): Playwright's, signed in as `session` before any page script runs.
 */
import { test as base, expect, type Browser } from '@playwright/test';
import type { Session } from '../../../src/shared/api-types';
import { startServer, type RunningServer } from './server';
import { registerUser, signInContext } from './session';

export { expect };

interface TestFixtures {
  session: Session;
}

interface WorkerFixtures {
  serverEnv: Record<string, string>;
  server: RunningServer;
}

const blockingServiceWorkers = (browser: Browser): Browser => {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  browser: [
    async ({ browser }, use) => {
      await use(blockingServiceWorkers(browser));
    },
    { scope: 'worker' },
  ],
  session: async ({ server }, use) => {
    await use(await registerUser(server.url));
  },
  context: async ({ context, session }, use) => {
    await signInContext(context, session);
    await use(context);
  },
});
