/**
 * Frees the memory of large answers soon after they leave.
 *
 * A whole-list answer (users/me?populate=todos: 1.6 MB at 10,000 todos) comes from SQLite as one
 * Buffer (from PostgreSQL as one string, which lives in V8's heap and is left to V8). V8 frees a Buffer's memory only when a collection finds the Buffer dead, and the young
 * generation's collections come from JavaScript allocating objects, which such an answer barely
 * does: measured under 50 clients asking for their lists, 40–66 MiB of sent answers waited for a
 * collection and the server's RSS peaked 60–90 MiB above what the other calls need. A collection
 * of the young generation alone (well under a millisecond) after every few MiB sent frees them
 * while they are still young.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options: { type: 'minor' }) => void;

/**
 * V8's `gc`, taken from a fresh context the way Jest's leak detector does, so that it is not left
 * on this program's global object. Undefined if the engine refuses.
 */
function youngCollector(): Collect | undefined {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as Collect;
  } catch {
    return undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

export interface LargeAnswers {
  /** Counts an answer of `bytes` that has left; collects the young generation every `everyBytes`. */
  sent(bytes: number): void;
}

export function collectAfterLargeAnswers(everyBytes: number, collect = youngCollector()): LargeAnswers {
  let sinceCollection = 0;
  return {
    sent(bytes) {
      sinceCollection += bytes;
      if (sinceCollection < everyBytes || !collect) return;
      sinceCollection = 0;
      collect({ type: 'minor' });
    },
  };
}
