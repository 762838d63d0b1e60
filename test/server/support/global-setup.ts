/**
 * Decides which databases the API suites run on (DB_DIALECTS, default "sqlite,postgres") and
 * checks PostgreSQL answers. Without it a laptop run says plainly that it ran SQLite only; under
 * CI=true an unreachable PostgreSQL fails the run instead of being skipped.
 */
import { randomBytes } from 'node:crypto';
import { ADMIN_URL, withAdminClient } from './postgres';
import { makeTemplates } from './templates';

export default async function globalSetup(): Promise<void> {
  const wanted = (process.env.DB_DIALECTS ?? 'sqlite,postgres')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const dialects = wanted.filter((name) => name === 'sqlite' || name === 'postgres');
  if (dialects.includes('postgres')) {
    try {
      await withAdminClient((client) => client.query('select 1'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (process.env.CI === 'true') {
        throw new Error(`PostgreSQL at ${ADMIN_URL} is unreachable under CI=true (${reason})`, {
          cause: error,
        });
      }
      console.warn(
        `\n*** PostgreSQL at ${ADMIN_URL} is unreachable (${reason}): the API suites ran on SQLite ONLY. ***\n`,
      );
      dialects.splice(dialects.indexOf('postgres'), 1);
    }
  }
  process.env.TICKLIST_TEST_DIALECTS = dialects.join(',');
  // Every database a run creates carries this prefix, so teardown drops exactly those.
  process.env.TICKLIST_TEST_DB_PREFIX = `ticklist_test_${randomBytes(4).toString('hex')}`;
  await makeTemplates(dialects, process.env.TICKLIST_TEST_DB_PREFIX);
}
