/** What the route modules need, built once by buildApp. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from './auth/passwords';
import type { Throttle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/types';
import type { EventBus } from './events/bus';
import type { Mailer } from './mail/mailer';
import type { VapidKeys } from './push/vapid';

export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  hasher: PasswordHasher;
  tokens: TokenService;
  throttle: Throttle;
  mailer: Mailer;
  /** Wakes users' event streams (events/bus.ts). */
  events: EventBus;
  /** The one pre-handler of protected routes: checks the token and its session (request.session). */
  authenticate: (request: FastifyRequest) => Promise<void>;
  /** Signs Web Push requests (push/vapid.ts). */
  vapid: VapidKeys;
}
