/**
 * With REDIS_URL the throttling counters live in Redis, shared by every server process; while Redis
 * is unreachable each process counts in its own memory rather than failing logins.
 */
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../auth/throttle';

interface SharedCounters {
  limiterFactory: LimiterFactory;
  close(): Promise<void>;
}

/** ioredis is loaded only when REDIS_URL asks for it, so a process without Redis does not carry its memory (bench/README.md). */
export async function connectSharedCounters(
  url: string,
  keyPrefix: string,
): Promise<SharedCounters> {
  const { default: Redis } = await import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // ioredis reconnects by itself; errors meanwhile are covered by the insurance limiter.
  client.on('error', () => undefined);
  return {
    limiterFactory: (options) =>
      new RateLimiterRedis({
        ...options,
        storeClient: client,
        keyPrefix: `${keyPrefix}:${options.keyPrefix}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
