/**
 * The SPA against a Strapi 4.25 project (STRAPI_COMPAT_DIR, see .ci/run and test/e2e-strapi): run
 * after the other browser suites, alone, since Strapi, a build and Chromium at once would slow them.
 * Its timeout covers Strapi's start (up to two minutes) and the SPA's build in the first step.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'test/e2e-strapi',
  outputDir: 'test-results/e2e-strapi',
  timeout: 300_000,
  workers: 1,
  projects: [{ name: 'strapi' }],
});
