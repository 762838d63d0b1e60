/** Drops the PostgreSQL databases this run created. */
import { withAdminClient } from './postgres';
import { removeTemplates } from './templates';

export default async function globalTeardown(): Promise<void> {
  removeTemplates();
  const prefix = process.env.TICKLIST_TEST_DB_PREFIX;
  if (!prefix || !process.env.TICKLIST_TEST_DIALECTS?.includes('postgres')) return;
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
