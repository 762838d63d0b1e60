/**
 * End-to-end tests: @playwright/test against the built app and server (`npm run build` first), in
 * Debian's Chromium (no browser download). Each worker starts its own server on its own SQLite file
 * (test/e2e/support/fixtures.ts). The timeouts below are the only ones: generous, because a loaded
 * two-core machine is slow, not broken; a test that needs more is waiting for the wrong thing.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, DESKTOP, PHONE } from './test/e2e/support/browser';

const ci = process.env.CI === 'true';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  workers: 2,
  forbidOnly: ci,
  // Every test makes its own user on its worker's server, so tests of one file may run side by side.
  fullyParallel: true,
  reporter: 'list',
  use: {
    launchOptions: chromiumLaunchOptions,
    viewport: DESKTOP,
    timezoneId: 'UTC',
    locale: 'en-US',
    serviceWorkers: 'block',
    // A failed test keeps its trace (actions, network, console; not DOM snapshots and screencast
    // frames, which doubled the suite's CPU time) and its screenshot. Not under CI: nobody can open
    // a trace left on the CI machine, and recording one for every test costs the browsers' time.
    trace: ci ? 'off' : { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
  },
  // A test about a phone or the dark theme says so with its tag; every other test runs on a desktop.
  projects: [
    { name: 'desktop', grepInvert: /@phone|@dark/ },
    { name: 'phone', grep: /@phone/, use: { viewport: PHONE } },
    { name: 'dark', grep: /@dark/, use: { colorScheme: 'dark' } },
  ],
});
