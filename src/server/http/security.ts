/** Security headers on every response, and no caching of API answers. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR = 31_536_000;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('json') || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR}; includeSubDomains`);
    }
    done(null, payload);
  });
}
