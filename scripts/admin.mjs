// npm run admin -- …: builds the server if needed, then runs the operator command.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
await import('../dist/server/admin.mjs');
