/**
 * buildApp(config, db) → a ready-to-listen Fastify instance. Tests use it through inject;
 * main.ts adds only the listening socket and signal handling.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { appPasswordRoutes } from './app-passwords';
import { accountRoutes } from './auth/account-routes';
import { createAuthenticate } from './auth/authenticate';
import { recoveryRoutes } from './auth/recovery-routes';
import { createMailer } from './mail/mailer';
import { createPasswordHasher } from './auth/passwords';
import { authRoutes } from './auth/routes';
import { resolveJwtSecret } from './auth/secret';
import { pushRoutes } from './push/routes';
import { resolveVapidKeys } from './push/vapid';
import { createThrottle, type LimiterFactory } from './auth/throttle';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { startJobs, type JobOptions } from './jobs';
import type { Database } from './db/types';
import { createEventBus } from './events/bus';
import { registerEventStreams } from './events/stream-routes';
import { fieldError, toApiError } from './http/errors';
import { parseQueryString } from './http/query-string';
import { rememberReceivedBody } from './http/idempotency';
import { createLogger, OneLinePerRequest, type LogStream } from './http/logging';
import {
  answerClientError,
  answerFrameworkError,
  refuseMalformedQueries,
} from './http/malformed-url';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './http/validate';
import { validateWithValibot } from './http/valibot-compiler';
import { registerOpenApi, systemRoutes } from './http/system-routes';
import { calendarRoutes } from './calendar/routes';
import { registerCaldav } from './caldav/plugin';
import { labelRoutes } from './labels';
import { projectRoutes } from './projects';
import { bulkRoutes } from './todos/bulk-routes';
import { countRoutes } from './todos/counts';
import { portabilityRoutes } from './todos/portability-routes';
import { todoRoutes } from './todos/routes';
import { trashRoutes } from './todos/trash-routes';
import { userRoutes } from './users/routes';

export const BODY_LIMIT = 64 * 1024;

export interface BuildOptions extends JobOptions {
  /** A shared limiter store (Redis) when several processes serve the same users. */
  limiterFactory?: LimiterFactory;
  logStream?: LogStream;
  /** How often event streams send `: ping` and check their token (tests shorten it). */
  eventHeartbeatMs?: number;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count is given as a function trusting the nearest
 * `hops` addresses (as Express's count does): Fastify reads a bare number as trusting nobody.
 */
const proxyTrust = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export async function buildApp(
  config: Config,
  db: Kysely<Database>,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const log = createLogger(config.logLevel, options.logStream);
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: proxyTrust(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    // Errors the router raises before any route runs (an over-long or malformed path) skip the error handler.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 200,
      querystringParser: parseQueryString,
    },
    // Keep-alive longer than a typical load balancer's idle timeout, so it never reuses a closed socket.
    keepAliveTimeout: 72_000,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
  });

  // Requests are validated at entry by the shared valibot schemas their routes declare.
  validateWithValibot(app);
  app.addHook('preValidation', rememberReceivedBody);
  // The API speaks JSON (the import CSV too): any other body is a 415, not a string handed to a handler.
  app.removeContentTypeParser('text/plain');
  // An empty body labelled JSON (Strapi clients send one with logout) counts as no body, as in
  // Strapi; the routes that need a body then say what is missing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else if (nestsDeeperThan(text, MAX_BODY_DEPTH))
      done(
        fieldError([], `Request body is nested deeper than ${MAX_BODY_DEPTH} levels`),
        undefined,
      );
    else parseJson(request, text, done);
  });

  // Once close() has begun (SIGTERM), every answer ends its keep-alive connection: close() would
  // otherwise wait keepAliveTimeout for it, past main.ts's grace period.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(apiError.status).headers(apiError.headers).send(apiError.toBody());
  });

  const tokens = createTokenService(
    resolveJwtSecret(config.jwtSecret, config.dataDir),
    config.jwtExpiresInSeconds,
  );
  const throttle = createThrottle(
    config.throttle,
    options.limiterFactory,
    config.writeRatePerMinute,
  );
  const context: AppContext = {
    config,
    db,
    hasher: createPasswordHasher(config.passwordCost),
    tokens,
    throttle,
    mailer: createMailer(config.smtpUrl, config.mailFrom, log as FastifyBaseLogger),
    events: createEventBus(config, log as FastifyBaseLogger),
    authenticate: createAuthenticate(db, tokens, throttle),
    vapid: resolveVapidKeys(config),
  };
  app.addHook('onClose', () => context.mailer.settled());
  app.addHook('onReady', () => context.events.start());
  app.addHook('onClose', () => context.events.close());
  app.decorateRequest('session', null);
  // Computes the decoy hash before the first login, so that one is not slower than the rest.
  app.addHook('onReady', () => context.hasher.verifyNothing(''));
  // Background jobs run in every process while it is up. They stop in preClose, before the onClose
  // hooks: a reminder run under way queues its mails before the mailer settles.
  let stopJobs: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopJobs = startJobs(context, app.log, options);
  });
  app.addHook('preClose', async () => stopJobs?.());

  registerSecurityHeaders(app);
  refuseMalformedQueries(app);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'last-event-id'],
      maxAge: 600,
    });
  }
  await registerOpenApi(app);
  registerEventStreams(app, context, options.eventHeartbeatMs);
  const routeModules = [
    systemRoutes,
    authRoutes,
    accountRoutes,
    recoveryRoutes,
    userRoutes,
    todoRoutes,
    trashRoutes,
    bulkRoutes,
    countRoutes,
    portabilityRoutes,
    calendarRoutes,
    projectRoutes,
    pushRoutes,
    labelRoutes,
    appPasswordRoutes,
  ];
  await app.register(async (api) => routeModules.forEach((routes) => routes(api, context)), {
    prefix: '/api',
  });
  await registerCaldav(app, context);
  await registerSpa(app, config.staticDir);
  return app;
}
