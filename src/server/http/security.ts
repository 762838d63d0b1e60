/** Security headers on every response, and no caching of API answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const ONE_YEAR = 31_536_000;
const HSTS = `max-age=${ONE_YEAR}; includeSubDomains`;

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Emotion (MUI) injects <style> elements at run time; scripts stay strictly external.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Sent only on HTTPS requests (below): on plain HTTP it would pin a local install to TLS.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets, worked out once. Our policy has no per-request parts (no nonces), and
 * helmet would rebuild the CSP text on every request (bench/README.md has the cost).
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(HELMET_OPTIONS)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

const FIXED_HEADERS = helmetHeaders();

/** The headers that depend on the answer: no caching of API or JSON answers, HSTS on HTTPS only. */
function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (
    request.url.startsWith('/api/') ||
    String(reply.getHeader('content-type') ?? '').includes('json')
  ) {
    reply.header('cache-control', 'no-store');
  }
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** The headers of an answer written straight to the socket (a request Node's parser refused): those of any JSON answer. */
export const rawAnswerHeaders = (encrypted: boolean): Record<string, string> => ({
  ...FIXED_HEADERS,
  'cache-control': 'no-store',
  ...(encrypted && { 'strict-transport-security': HSTS }),
});

/**
 * Every security header at once, for answers sent where no hook runs: errors the router raises
 * before routing (frameworkErrors), which must look like every other answer.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(FIXED_HEADERS);
  setAnswerHeaders(request, reply);
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(FIXED_HEADERS);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    setAnswerHeaders(request, reply);
    done(null, payload);
  });
}
