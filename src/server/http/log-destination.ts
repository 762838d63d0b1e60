/**
 * Where the server's log lines go: standard output, written asynchronously (pino's SonicBoom).
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

export function logDestination(fd: number = process.stdout.fd || 1): pino.DestinationStream {
  return pino.destination({ dest: fd, maxWrite: LOG_WRITE_BYTES });
}
