/**
 * Gives the memory that starting up leaves behind back to the operating system, once the server
 * is ready.
 *
 * `npm start` lets V8's young generation grow to 4 MiB a half (--max-semi-space-size): at 2 MiB a
 * loaded list request kept paying for copying the live objects of the requests in flight beside it
 * (A/B, 50 connections, medians of interleaved runs: PostgreSQL page 1 5,797 → 6,697 req/s, p99
 * 22.5 → 14.5 ms; SQLite 10,608 → 12,865). 8 MiB was no faster and let 50 populate=todos answers
 * on PostgreSQL peak at 160 MiB. Loading, compiling and migrating grow the young generation to its
 * maximum at once and leave garbage in the old one; V8's memory reducer hands both back only after
 * about ten seconds without work (at 8 MiB: RSS 86 → 73 MiB). A last-resort collection does it
 * right away. Node 20's `gc()` does not shrink the young generation; the inspector's
 * HeapProfiler.collectGarbage is V8's low-memory notification, which does. The in-process session
 * opens no port.
 */

/** Runs a last-resort collection; resolves false where the runtime has no inspector. */
export async function releaseStartupMemory(): Promise<boolean> {
  let inspector: typeof import('node:inspector/promises');
  try {
    inspector = await import('node:inspector/promises');
  } catch {
    return false;
  }
  const session = new inspector.Session();
  session.connect();
  try {
    await session.post('HeapProfiler.collectGarbage');
    return true;
  } finally {
    session.disconnect();
  }
}
