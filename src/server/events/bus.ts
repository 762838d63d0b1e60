/**
 * Wakes a user's event streams when their todos may have changed; the user's hub (user-hub.ts) then
 * reads the journal once for all of them. On PostgreSQL every process LISTENs on one dedicated
 * connection (the writes NOTIFY at commit); with SQLite and REDIS_URL, Redis pub/sub carries the
 * wake-ups; with SQLite alone, an in-process emitter.
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type * as Pg from 'pg';
import type { Config } from '../config';
import { loadPg, parseDatabaseUrl } from '../db/connect';
import { EVENTS_CHANNEL } from './journal';

export interface EventBus {
  /** Calls `listener` whenever the user's todos or sessions may have changed, until the returned function is called. */
  subscribe(userId: number, listener: () => void): () => void;
  /** After a write this process answered: the user's streams here (and, through Redis, in every process) look again. */
  afterWrite(userId: number): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

export function createEventBus(config: Config, log: FastifyBaseLogger): EventBus {
  const local = new EventEmitter().setMaxListeners(0);
  const wake = (userId: number | string) => void local.emit(String(userId));
  // After a reconnect every hub looks again: the journal still holds what was announced meanwhile.
  const wakeAll = () => local.eventNames().forEach((name) => local.emit(name));
  const subscribe = (userId: number, listener: () => void) => {
    local.on(String(userId), listener);
    return () => void local.off(String(userId), listener);
  };
  const target = parseDatabaseUrl(config.databaseUrl);
  if (target.kind === 'postgres')
    return {
      subscribe,
      afterWrite: wake,
      ...listenOnPostgres(target.connectionString, wake, wakeAll, log),
    };
  if (config.redisUrl)
    return {
      subscribe,
      ...redisPubSub(config.redisUrl, `${config.redisKeyPrefix}:todo-events`, wake, wakeAll),
    };
  return {
    subscribe,
    afterWrite: wake,
    start: async () => undefined,
    close: async () => undefined,
  };
}

/** One pg.Client LISTENing, opened again a second after it fails, until closed. */
function listenOnPostgres(
  connectionString: string,
  wake: (userId: string) => void,
  wakeAll: () => void,
  log: FastifyBaseLogger,
) {
  let client: Pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    const next = new (loadPg().Client)({ connectionString, connectionTimeoutMillis: 3000 });
    const reconnect = () => {
      if (closed || retry || client !== next) return;
      client = undefined;
      retry = setTimeout(() => ((retry = undefined), void connect()), RECONNECT_MS).unref();
    };
    next.on('notification', (message) => wake(message.payload ?? ''));
    next.on('error', reconnect);
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}`);
      wakeAll();
    } catch (error) {
      log.warn({ err: error }, 'cannot listen for todo events; trying again');
      void next.end().catch(() => undefined);
      reconnect();
    }
  };
  return {
    start: connect,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Two connections, as a subscribed Redis connection can do nothing else. */
function redisPubSub(
  url: string,
  channel: string,
  wake: (userId: number | string) => void,
  wakeAll: () => void,
) {
  let publisher: import('ioredis').default | undefined;
  let subscriber: import('ioredis').default | undefined;
  return {
    // Redis away: at least this process's streams look again.
    afterWrite: (userId: number) =>
      void (publisher
        ? publisher.publish(channel, String(userId)).catch(() => wake(userId))
        : wake(userId)),
    async start() {
      const { default: Redis } = await import('ioredis');
      const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 };
      publisher = new Redis(url, options).on('error', () => undefined);
      subscriber = new Redis(url, { ...options, enableOfflineQueue: true }).on(
        'error',
        () => undefined,
      );
      // (Re)subscribes on every connect, as a first subscribe may fail while Redis is away.
      const subscribe = () => subscriber!.subscribe(channel).then(wakeAll, () => undefined);
      subscriber
        .on('message', (_channel: string, userId: string) => wake(userId))
        .on('ready', () => void subscribe());
      await subscribe();
    },
    async close() {
      await Promise.all(
        [publisher, subscriber].map((client) => client?.quit().catch(() => client.disconnect())),
      );
    },
  };
}
