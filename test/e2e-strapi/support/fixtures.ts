/**
 * The Strapi suite's fixtures: `strapi` (worker) is one Strapi project and the SPA built for it,
 * started once and shared by every spec of the suite (it runs on one worker), since each start
 * costs a minute or two. Without a prepared project the specs are skipped, except under CI=true,
 * where the fixture fails.
 */
import { test as base } from '../../e2e/support/fixtures';
import { startStrapiStage, strapiMissing, type StrapiStage } from './strapi';

export { expect } from '../../e2e/support/fixtures';

export const missingStrapi = strapiMissing();
export const skipWithoutStrapi = (): void =>
  base.skip(missingStrapi !== undefined && process.env.CI !== 'true', `Skipped: ${missingStrapi}`);

export const test = base.extend<object, { strapi: StrapiStage }>({
  strapi: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      if (missingStrapi) throw new Error(missingStrapi); // under CI=true a missing project fails the run
      const stage = await startStrapiStage();
      console.log(
        `Strapi answered ${stage.startupMs} ms after its start (the SPA was built meanwhile)`,
      );
      await use(stage);
      await stage.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** A call to Strapi's API as `jwt` (none: as a visitor), with a JSON body when given one. */
export const strapiApi =
  (stage: StrapiStage) =>
  (path: string, init: Omit<RequestInit, 'body'> & { jwt?: string; body?: unknown } = {}) =>
    fetch(`${stage.apiUrl}/api${path}`, {
      ...init,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headers: {
        'content-type': 'application/json',
        ...(init.jwt ? { authorization: `Bearer ${init.jwt}` } : {}),
      },
    });
