/** Reads the configuration, opens and migrates the database, listens; closes gracefully on a signal. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { connectSharedCounters } from './scale/redis';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, config);
  await migrateToLatest(database.db);
  const shared = config.redisUrl
    ? await connectSharedCounters(config.redisUrl, config.redisKeyPrefix)
    : undefined;
  const app = await buildApp(config, database.db, { limiterFactory: shared?.limiterFactory });
  if (database.readableByOthers) {
    app.log.warn(
      `${database.readableByOthers} can be read by other users of this machine: chmod 600 it (and its -wal and -shm files)`,
    );
  }
  app.addHook('onClose', async () => {
    await shared?.close();
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forced = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error('Ticklist failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
