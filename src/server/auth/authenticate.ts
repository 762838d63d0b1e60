/**
 * The one pre-handler of protected routes: the token's signature and expiry; in the database, not
 * revoked, its user active and the token issued after tokens_valid_after; then the write rate.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { rateLimited, unauthorized } from '../http/errors';
import { findSessionUser } from '../users/repository';
import type { Throttle } from './throttle';
import type { TokenClaims, TokenService } from './tokens';

export interface RequestSession {
  user: UserRow;
  claims: TokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]{1,4096})$/i;

const issuedTooEarly = (user: UserRow, claims: TokenClaims): boolean =>
  user.tokens_valid_after !== null && claims.issuedAtMs <= Date.parse(user.tokens_valid_after);

export const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a token that verified may still act (an event stream asks again while it is open). */
export async function isSessionValid(db: Kysely<Database>, claims: TokenClaims, now = Date.now()): Promise<boolean> {
  const user = await findSessionUser(db, claims.userId, claims.jti);
  return user !== undefined && !issuedTooEarly(user, claims) && claims.expiresAt.getTime() > now;
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
