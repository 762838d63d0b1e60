// npm start: build what is missing, then serve the SPA and the API (http://127.0.0.1:3000 by default).
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
await import('../dist/server/main.mjs');
