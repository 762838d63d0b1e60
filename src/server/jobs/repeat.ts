/** The one timer every background job runs on. */
import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` now and every `everyMs` until the returned stop is called (which waits for a run under
 * way). Runs never overlap: a tick that finds the last run still going is skipped. A failed run (the
 * database away) is logged and the next one tries again; the timer does not keep the process alive.
 */
export function repeat(
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = task()
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, `${name} failed; will try again`),
      )
      .finally(() => (busy = false));
  };
  run();
  const timer = setInterval(run, everyMs).unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
