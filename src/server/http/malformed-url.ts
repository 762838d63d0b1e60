/**
 * A URL with broken percent-encoding (`%zz`, an escape cut short, bytes that are not UTF-8) is a
 * 400 "The URL is malformed", wherever it is broken, in the error envelope and with the headers of
 * every other answer.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { malformedUrl, toApiError } from './errors';
import { applySecurityHeaders } from './security';

/**
 * Fastify's frameworkErrors: errors the router raises before any route runs (a malformed or over-long
 * path). Without it they answer in Fastify's own shape and echo the path back; and no hook runs for
 * them, so the security headers are set here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError = toApiError(error);
  reply.code(apiError.status).headers(apiError.headers).type('application/json; charset=utf-8');
  applySecurityHeaders(request, reply);
  void reply.send(apiError.toBody());
}

/** True when the query's escapes do not decode: qs would keep such text as it is rather than refuse it. */
function hasBrokenQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

/** Refuses a broken query as the router refuses a broken path. Registered after the security headers' hook. */
export function refuseMalformedQueries(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(hasBrokenQuery(request.url) ? malformedUrl() : undefined);
  });
}
