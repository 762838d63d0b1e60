/**
 * The one bearer-token check of protected routes: signature and expiry, then, in the database,
 * that the token is not revoked and its user still exists and is not blocked. Every protected
 * route runs it as its pre-handler and reads the caller with sessionOf.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/types';
import { unauthorized } from '../http/errors';
import { findSessionUser } from '../users/repository';
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

export function createAuthenticate(db: Kysely<Database>, tokens: TokenService) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await tokens.verify(token) : undefined;
    const user = claims ? await findSessionUser(db, claims.userId, claims.jti) : undefined;
    if (!claims || !user) throw unauthorized();
    request.session = { user, claims };
  };
}

/** The signed-in caller of a route that ran `authenticate`. */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
