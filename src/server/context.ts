/** What the route modules need, built once by buildApp. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from './auth/passwords';
import type { Throttle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/types';
import type { TitleGramFolding } from './todos/title-gram-folding';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  hasher: PasswordHasher;
  tokens: TokenService;
  throttle: Throttle;
  /** Checks the token and the session before the route runs (request.session). */
  authenticate: (request: FastifyRequest) => Promise<void>;
  /** Checks the token only; the route's statement checks the session (request.token). */
  authenticateToken: (request: FastifyRequest) => Promise<void>;
  /** PostgreSQL: counts created todos' titles into the search grams shortly after (migration 005). */
  titleGrams: TitleGramFolding;
}
