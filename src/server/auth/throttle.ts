/**
 * Login and registration throttling (rate-limiter-flexible). Failed logins are counted per
 * identifier and per client address; registrations per address. Stores are in memory for one
 * process; a shared store (Redis) can be passed in for several.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ThrottleConfig } from '../config';

export interface Throttle {
  /** Seconds until a login from this identifier and address may be tried again; 0 when it may now. */
  loginRetryAfter(identifierKey: string, address: string): Promise<number>;
  recordLoginFailure(identifierKey: string, address: string): Promise<void>;
  /** Counts a registration attempt; seconds to wait when over the limit, else 0. */
  consumeRegistration(address: string): Promise<number>;
}

export type LimiterFactory = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryLimiter: LimiterFactory = (options) => new RateLimiterMemory(options);

async function retryAfterIfSpent(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.consumedPoints >= limiter.points ? state.msBeforeNext / 1000 : 0;
}

async function consumeQuietly(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext / 1000;
    throw rejection;
  }
}

export function createThrottle(config: ThrottleConfig, makeLimiter: LimiterFactory = memoryLimiter): Throttle {
  const perIdentifier = makeLimiter({
    keyPrefix: 'login-id',
    points: config.maxFailuresPerIdentifier,
    duration: config.windowSeconds,
  });
  const perAddress = makeLimiter({
    keyPrefix: 'login-ip',
    points: config.maxFailuresPerAddress,
    duration: config.windowSeconds,
  });
  const registrations = makeLimiter({
    keyPrefix: 'register-ip',
    points: config.maxRegistrationsPerAddress,
    duration: config.registerWindowSeconds,
  });
  return {
    async loginRetryAfter(identifierKey, address) {
      const waits = await Promise.all([
        retryAfterIfSpent(perIdentifier, identifierKey),
        retryAfterIfSpent(perAddress, address),
      ]);
      return Math.max(...waits);
    },
    async recordLoginFailure(identifierKey, address) {
      await Promise.all([consumeQuietly(perIdentifier, identifierKey), consumeQuietly(perAddress, address)]);
    },
    consumeRegistration: (address) => consumeQuietly(registrations, address),
  };
}
