/**
 * A URL with broken percent-encoding (`%zz`, an escape cut short, bytes that are not UTF-8) is a
 * 400 "The URL is malformed", wherever it is broken, in the error envelope and with the headers of
 * every other answer.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, fieldError, malformedUrl, toApiError } from './errors';
import { applySecurityHeaders, rawAnswerHeaders } from './security';

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

type ClientError = Error & { code?: string };

/** What a request Node's HTTP parser refused is answered with: a URL it cannot read is a malformed URL. */
function clientErrorAnswer(error: ClientError): ApiError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new ApiError(408, 'ApplicationError', 'Request timeout');
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return new ApiError(431, 'ValidationError', 'Request headers are too large');
  return error.code === 'HPE_INVALID_URL'
    ? malformedUrl()
    : fieldError([], 'The request is malformed');
}

/**
 * Fastify's clientErrorHandler, for requests Node's parser refuses before Fastify sees them (control
 * characters or raw non-ASCII bytes in the URL, a broken request line): the answer goes straight to
 * the socket, in the API's envelope with the security headers, instead of Fastify's own body without them.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Not the error itself: its rawPacket holds the request's bytes, Authorization header included.
  this.log.trace({ code: error.code, reason: error.message }, 'client error');
  if (socket.writable) {
    const apiError = clientErrorAnswer(error);
    const body = JSON.stringify(apiError.toBody());
    const headers = {
      ...rawAnswerHeaders('encrypted' in socket),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status] ?? 'Error'}\r\n${head}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
