/**
 * Serves the built SPA with a history fallback: any path outside /api that is not a file gets
 * index.html, so deep links and reloads work; with status 200 for the SPA's pages (src/shared/routes.ts)
 * and 404 for any other path, where the app shows its 404 page. Unknown /api paths get the JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPagePath } from '../../shared/routes';
import { notFound } from './errors';

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasSpa = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: 'index.html',
      // The build writes .br and .gz copies of every text asset (precompress() in vite.config.mts).
      preCompressed: true,
      // Cache headers are ours (below), not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: shared caches must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasSpa || !wantsPage || isApiPath(request.url)) throw notFound();
    const status = isPagePath(request.url.split('?')[0] ?? '') ? 200 : 404;
    return reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html');
  });
}
