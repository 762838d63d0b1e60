/**
 * Where the server's log lines go: standard output, written asynchronously (pino's SonicBoom), in
 * batches.
 *
 * Batches: a line waits until LOG_BATCH_BYTES are pending, or at most LOG_FLUSH_MS, or until a
 * warning or an error is logged (the app's logger flushes then; see app.ts), or the process exits
 * (pino writes what is pending then). Written line by line, a server whose database answers
 * one statement at a time (a page 500 on PostgreSQL: 3,400 requests a second) made one write, and
 * one hop to libuv's thread pool, per request: 45 µs of the server's 220 µs of CPU a request. In
 * batches of 8 KiB, 26 µs of it went (PostgreSQL's page 500: 3,400 → 3,550 requests a second).
 * Larger batches gained no more (32 KiB: 207 µs a request).
 *
 * SonicBoom writes one chunk of at most `maxWrite` bytes at a time and starts the next when the
 * last is done, which is at most once per turn of the event loop. With its default of 16 KiB that
 * was less than a loaded server logs per turn (a line of ~350 bytes per request, 50 connections:
 * ~17 KB), so the pending text grew without end: 11 MB after 40 s at 10,000 requests a second,
 * held in V8's heap, where it made every collection keep more (server RSS 100 → 172 MiB over two
 * rounds of the bench's calls). 64 KiB a write keeps nearly nothing pending under the same load.
 * The chunk is not larger because each line added to it is measured again (Buffer.byteLength of
 * the whole chunk), which costs more the larger a backlog lets it grow.
 */
import pino from 'pino';

export const LOG_WRITE_BYTES = 64 * 1024;
export const LOG_BATCH_BYTES = 8 * 1024;
/** The longest a line waits for its batch: a quiet server's lines appear this late at most. */
export const LOG_FLUSH_MS = 100;

export interface LogDestination extends pino.DestinationStream {
  /** Starts writing whatever waits for its batch. */
  flush(): void;
  /** Writes what waits and stops the timer (the app closes); later lines wait for a batch or the exit. */
  stopTimer(): void;
  /** The SonicBoom that writes (its 'write' events say how many bytes each write carried). */
  readonly output: ReturnType<typeof pino.destination>;
}

export function logDestination(
  fd: number = process.stdout.fd || 1,
  { flushMs = LOG_FLUSH_MS }: { flushMs?: number } = {},
): LogDestination {
  // pino.destination also writes what is pending, synchronously, when the process exits.
  const sonic = pino.destination({ dest: fd, maxWrite: LOG_WRITE_BYTES, minLength: LOG_BATCH_BYTES });
  // Whether a line came since the last flush: a timer tick with none writes nothing.
  let written = false;
  const flush = () => {
    if (!written) return;
    written = false;
    sonic.flush();
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();
  return {
    write(line: string) {
      written = true;
      sonic.write(line);
    },
    flush,
    stopTimer() {
      clearInterval(timer);
      flush();
    },
    output: sonic,
  };
}
