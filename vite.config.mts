import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import clientConfigFromEnv from './src/client/clientConfigFromEnv.cjs';
import { pwaOptions } from './src/client/offline/serviceWorkerConfig';

/**
 * precompress(): writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build,
 * once, at build time; the server sends them as they are (@fastify/static `preCompressed`), so the
 * first load of the SPA downloads a quarter of the bytes at no CPU cost per request.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the extra header and lookup cost. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ticklist-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (vite-plugin-pwa writes the service worker in its closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const content = fs.readFileSync(file);
          if (content.length < MIN_BYTES) continue;
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

const apiTarget = process.env.VITE_DEV_API ?? 'http://127.0.0.1:3000';

/**
 * `npm run dev:mock` (VITE_MOCK_API=1 on the dev server): the API is MSW's mock in the browser
 * (src/client/mocks). Its worker script is served from the installed msw package, not copied into
 * public/, so it always matches the library and a build never ships it.
 */
function mockApiWorker(): Plugin {
  const script = path.resolve('node_modules/msw/lib/mockServiceWorker.js');
  return {
    name: 'ticklist-mock-api-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(fs.readFileSync(script));
      });
    },
  };
}

/**
 * react-router's package exports name only its development build (dev warnings on), for
 * production builds too (remix-run/react-router#12532, #14102); builds take its production one.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
];

export default defineConfig(({ command }) => {
  const mockApi = command === 'serve' && process.env.VITE_MOCK_API === '1';
  return {
    plugins: [
      react(),
      // In mock mode the mock's worker is the page's only service worker.
      VitePWA({ ...pwaOptions, disable: mockApi }),
      precompress(),
      ...(mockApi ? [mockApiWorker()] : []),
    ],
    resolve: { alias: command === 'build' ? reactRouterProduction : [] },
    define: {
      __TICKLIST_CONFIG__: JSON.stringify(clientConfigFromEnv(process.env, command === 'serve')),
      __TICKLIST_MOCK_API__: JSON.stringify(mockApi),
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        // @emotion/react imports hoist-non-react-statics for its side effects only (`import 'hoist-…'`),
        // and it has none: without this, it and a second copy of react-is stay in the first load.
        treeshake: {
          moduleSideEffects: [
            { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
            // A feature's index.ts only re-exports its public face: what a page does not use of it stays
            // out of that page's chunks (without this, one name from todos/ brought its dialogs to /trash).
            { test: /src[\\/]client[\\/]\w+[\\/]index\.ts$/, sideEffects: false },
          ],
        },
        output: {
          // Left alone, rolldown splits modules by which lazy pages share them: many small chunks, each
          // compressed on its own and each a request. Two groups undo that where it costs:
          // - `app`, everything the entry imports statically: a dozen chunks the first load fetched
          //   anyway, 6 KB more gzip for /login;
          // - `LoginPage`, every new visitor's first page with all it imports beyond the entry: nine
          //   requests, each a round trip on a phone's network (Lighthouse, bench/README.md). Pages
          //   sharing those modules fetch this chunk instead; a signed-in tab preloads it anyway.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'] },
              { name: 'LoginPage', test: /[\\/]src[\\/]client[\\/]session[\\/]LoginPage\.tsx$/ },
            ],
          },
          // faker's chunk (Generate Todos) is named for it, so the service worker can leave it out; so
          // are the date pickers' language chunks (dayjs locales), of which a browser needs one.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => /[\\/]@faker-js[\\/]/.test(id))
              ? 'assets/faker-[hash].js'
              : chunk.moduleIds.every((id) => /[\\/]dayjs[\\/]esm[\\/]locale[\\/]/.test(id))
                ? 'assets/dayjs-locale-[name]-[hash].js'
                : 'assets/[name]-[hash].js',
        },
      },
    },
    server: {
      host: '127.0.0.1',
      port: 5173,
      proxy: mockApi ? undefined : { '/api': { target: apiTarget, changeOrigin: false } },
    },
  };
});
