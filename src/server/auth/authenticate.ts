/**
 * The one pre-handler of protected routes: the token's signature and expiry; in the database, not
 * revoked, its user active and the token issued after tokens_valid_after; then the write rate.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { rateLimited, unauthorized } from '../http/errors';
import { findSessionStates, findSessionUser } from '../users/repository';
import type { Throttle } from './throttle';
import type { TokenClaims, TokenService } from './tokens';

interface RequestSession {
  user: UserRow;
  claims: TokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]{1,4096})$/i;

const issuedTooEarly = (user: Pick<UserRow, 'tokens_valid_after'>, claims: TokenClaims): boolean =>
  user.tokens_valid_after !== null && claims.issuedAtMs <= Date.parse(user.tokens_valid_after);

export const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Which of one user's tokens, each verified once, may still act (their event streams ask again
 * while open), read in one statement whatever their number; the ids (jti) of those that may.
 */
export async function validTokenIds(
  db: Kysely<Database>,
  userId: number,
  claims: TokenClaims[],
  now = Date.now(),
): Promise<Set<string>> {
  const state = await findSessionStates(
    db,
    userId,
    claims.map((claim) => claim.jti),
  );
  if (!state) return new Set();
  const valid = claims.filter(
    (claim) =>
      !state.revoked.has(claim.jti) &&
      !issuedTooEarly(state, claim) &&
      claim.expiresAt.getTime() > now,
  );
  return new Set(valid.map((claim) => claim.jti));
}

export function createAuthenticate(db: Kysely<Database>, tokens: TokenService, throttle: Throttle) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await tokens.verify(token) : undefined;
    const user = claims ? await findSessionUser(db, claims.userId, claims.jti) : undefined;
    if (!claims || !user || issuedTooEarly(user, claims)) throw unauthorized();
    if (WRITES.has(request.method)) {
      const retryAfter = await throttle.consumeWrite(user.id);
      if (retryAfter > 0) throw rateLimited(retryAfter);
    }
    request.session = { user, claims };
  };
}

/** The signed-in caller of a route that ran `authenticate`. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
