/**
 * Throttling (rate-limiter-flexible, in memory or in Redis). A login attempt is counted before its
 * password is verified, by one atomic increment, so parallel guesses cannot outrun the limit.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ThrottleConfig } from '../config';

export interface Throttle {
  /** Counts a login attempt (`accountKey` from `loginKey`) before it is verified; seconds to wait when over a limit, else 0. */
  beginLogin(accountKey: string, address: string): Promise<number>;
  /** A login that succeeded does not count. */
  loginSucceeded(accountKey: string, address: string): Promise<void>;
  /** Counts a registration attempt; seconds to wait when over the limit, else 0. */
  consumeRegistration(address: string): Promise<number>;
  /**
   * Counts a request for a mail to `email` from `address`; seconds to wait, else 0. From a signed-in
   * session of the account with that email (`ownerId`), only against that account's own budget.
   */
  consumeMailRequest(email: string, address: string, ownerId?: number): Promise<number>;
  /** Counts a write of a user's, when WRITE_RATE_PER_MINUTE is set; seconds to wait when over it, else 0. */
  consumeWrite(userId: number): Promise<number>;
  /** Counts a calendar feed read from `address` (60 a minute); seconds to wait, else 0. */
  consumeFeedRead(address: string): Promise<number>;
}

/** The per-account login key: an account's email and username share it; an unknown identifier has its own. */
export const loginKey = (userId: number | undefined, identifierKey: string): string =>
  userId === undefined ? `unknown:${identifierKey}` : `account:${userId}`;

/** Mail requests: per (address asked for, requester), per address asked for, per signed-in owner; in 15 minutes. */
const MAIL_LIMITS = { perRequester: 3, perEmail: 10, perOwner: 3, windowSeconds: 15 * 60 } as const;

export type LimiterFactory = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

const memoryLimiter: LimiterFactory = (options) => new RateLimiterMemory(options);

/** Takes a point; the seconds to wait when there was none left, else 0. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.msBeforeNext / 1000;
    throw rejection;
  }
}

export function createThrottle(
  config: ThrottleConfig,
  makeLimiter: LimiterFactory = memoryLimiter,
  writesPerMinute = 0,
): Throttle {
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
  // Counted per address asked for, whether it has an account or not: a 429 tells nothing. One
  // requester runs out long before the address's own cap (3 of 10 a window, 6 across two), so it
  // cannot lock the owner out of a reset; the short window lets the owner try again in minutes.
  const mailWindow = MAIL_LIMITS.windowSeconds;
  const mailsFrom = makeLimiter({
    keyPrefix: 'mail-to-from',
    points: MAIL_LIMITS.perRequester,
    duration: mailWindow,
  });
  const mailsTo = makeLimiter({
    keyPrefix: 'mail-to',
    points: MAIL_LIMITS.perEmail,
    duration: mailWindow,
  });
  const ownerMails = makeLimiter({
    keyPrefix: 'mail-owner',
    points: MAIL_LIMITS.perOwner,
    duration: mailWindow,
  });
  // Calendar apps poll a feed every few minutes at most; more is a client gone wrong or a guesser.
  const feedReads = makeLimiter({ keyPrefix: 'feed-ip', points: 60, duration: 60 });
  const writes =
    writesPerMinute > 0
      ? makeLimiter({ keyPrefix: 'writes', points: writesPerMinute, duration: 60 })
      : undefined;
  return {
    async beginLogin(accountKey, address) {
      // The address first: an attempt it refuses does not count against the account it named.
      return (await consume(perAddress, address)) || consume(perIdentifier, accountKey);
    },
    async loginSucceeded(accountKey, address) {
      await Promise.all([perAddress.reward(address, 1), perIdentifier.reward(accountKey, 1)]);
    },
    consumeRegistration: (address) => consume(registrations, address),
    async consumeMailRequest(email, address, ownerId) {
      // The owner's own request (signed in) is not held up by what others asked for that address.
      if (ownerId !== undefined) return consume(ownerMails, String(ownerId));
      return (
        (await consume(perAddress, address)) ||
        (await consume(mailsFrom, `${email} ${address}`)) ||
        consume(mailsTo, email)
      );
    },
    consumeWrite: async (userId) => (writes ? consume(writes, String(userId)) : 0),
    consumeFeedRead: (address) => consume(feedReads, address),
  };
}
