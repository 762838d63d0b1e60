/**
 * The bearer-token checks of protected routes: signature and expiry, then revocation and the user
 * still active. `authenticate` does both before the route runs; `authenticateToken` does the first
 * and leaves the second to the route's own statement (the todo list, a new todo), saving a database
 * round trip.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { unauthorized } from '../http/errors';
import { findSessionUser, type TokenSession } from '../users/repository';
import type { TokenClaims, TokenService } from './tokens';

export interface RequestSession {
  user: UserRow;
  claims: TokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    /** Set by authenticateToken: the caller's token, verified, its session not yet checked. */
    token: TokenSession | null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_.~+/=-]{1,4096})$/i;

async function verifiedClaims(request: FastifyRequest, tokens: TokenService): Promise<TokenClaims | undefined> {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return token ? tokens.verify(token) : undefined;
}

export function createAuthenticate(db: Kysely<Database>, tokens: TokenService) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const claims = await verifiedClaims(request, tokens);
    const user = claims ? await findSessionUser(db, claims.userId, claims.jti) : undefined;
    if (!claims || !user) throw unauthorized();
    request.session = { user, claims };
  };
}

/**
 * Refuses a request without a valid token, and keeps the token for the route, which must check
 * the session in the statement it runs (users/repository liveSessionUser) and answer 401 when not.
 */
export function createAuthenticateToken(tokens: TokenService) {
  return async function authenticateToken(request: FastifyRequest): Promise<void> {
    const claims = await verifiedClaims(request, tokens);
    if (!claims) throw unauthorized();
    request.token = { userId: claims.userId, jti: claims.jti };
  };
}

/** The verified token of a route that ran `authenticateToken`; its session is still to be checked. */
export function tokenOf(request: FastifyRequest): TokenSession {
  if (!request.token) throw unauthorized();
  return request.token;
}

/** The signed-in caller of a route that ran `authenticate`. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
