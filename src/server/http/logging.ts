/**
 * The server's one logger (pino) and what a request's log line holds: one line per answered
 * request, URL secrets redacted, error stacks and driver details only at debug and trace.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { redactUrl } from './log-redaction';

/** Where the JSON log lines go instead of stdout (tests capture them to check what is logged). */
export interface LogStream {
  write(line: string): void;
}

/** What the per-request line says of a request and its answer, as Fastify's own serializers do. */
const requestSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    // Mailed codes, tokens and the calendar feed's secret can ride in a URL: they are not written to the log.
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/**
 * One info line per request, once it is answered (method, url, status, time, request id), instead
 * of Fastify's two: logging is a large share of a fast request's cost. Arrivals are logged at debug.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/**
 * An error as a log line shows it: its kind, message and code. Its stack, and driver fields such as
 * PostgreSQL's `where` or `internalQuery` (SQL text), only at debug and trace.
 */
const errorSerializer = (level: string) =>
  level === 'debug' || level === 'trace'
    ? pino.stdSerializers.err
    : (error: Error & { code?: unknown }) => ({
        type: error.constructor?.name ?? 'Error',
        message: error.message,
        code: error.code,
      });

/** The server's one logger: JSON lines written asynchronously by pino, secrets redacted wherever they appear. */
export function createLogger(level: string, stream: LogStream | undefined): Logger {
  return pino(
    {
      level,
      serializers: { ...requestSerializers, err: errorSerializer(level) },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.jwt'],
        censor: '[redacted]',
      },
    },
    stream ?? pino.destination({ dest: 1, sync: false }),
  );
}
