/**
 * JWTs: HS256 only, claims { id, jti, iat, exp, iat_ms }; logout revokes the jti. iat_ms tells a token
 * issued just before a user's tokens_valid_after from one just after it (iat has whole seconds).
 */
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  userId: number;
  jti: string;
  /** Milliseconds since the epoch. */
  issuedAtMs: number;
  expiresAt: Date;
}

export interface TokenService {
  /**
   * A new token; `validAfter` (the user's tokens_valid_after) makes its issue time later than that,
   * even within the same millisecond.
   */
  issue(
    userId: number,
    validAfter?: string | null,
  ): Promise<{ token: string; claims: TokenClaims }>;
  /** The claims of a valid token, or undefined for anything forged, expired, malformed or of another alg. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

type Payload = Partial<Record<'id' | 'jti' | 'iat' | 'iat_ms' | 'exp', unknown>>;

/** Distinct tokens whose verification is remembered (LRU): more than the clients one process serves at once. */
const VERIFIED_TOKENS_CACHED = 1000;

export function createTokenService(
  secretBytes: Uint8Array,
  expiresInSeconds: number,
): TokenService {
  const key = Buffer.from(secretBytes);
  // fast-jwt signs and checks synchronously with node:crypto's HMAC: WebCrypto's promise-based
  // verify spends much of a fast request's time scheduling promise jobs. Its cache remembers a
  // token that verified (keyed by a hash of the token) until its exp, so a client's next call skips
  // the HMAC; revocation and a blocked account are still checked in the database on every call.
  const sign = createSigner({ key, algorithm: 'HS256' });
  const check = createVerifier({
    key,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'iat', 'jti'],
    cache: VERIFIED_TOKENS_CACHED,
  });
  return {
    async issue(userId, validAfter) {
      const jti = randomUUID();
      const issuedAtMs = Math.max(Date.now(), validAfter ? Date.parse(validAfter) + 1 : 0);
      const issuedAt = Math.floor(issuedAtMs / 1000);
      const expiresAt = issuedAt + expiresInSeconds;
      const token = sign({ id: userId, jti, iat: issuedAt, exp: expiresAt, iat_ms: issuedAtMs });
      return { token, claims: { userId, jti, issuedAtMs, expiresAt: new Date(expiresAt * 1000) } };
    },
    async verify(token) {
      let payload: Payload;
      try {
        payload = check(token) as Payload;
      } catch {
        return undefined;
      }
      const { id, jti, iat, iat_ms: iatMs, exp } = payload;
      if (
        !Number.isSafeInteger(id) ||
        (id as number) <= 0 ||
        typeof jti !== 'string' ||
        typeof exp !== 'number' ||
        typeof iat !== 'number'
      )
        return undefined;
      // Tokens of release 0.1.0 carry whole seconds only.
      const issuedAtMs = typeof iatMs === 'number' ? iatMs : iat * 1000;
      return { userId: id as number, jti, issuedAtMs, expiresAt: new Date(exp * 1000) };
    },
  };
}
