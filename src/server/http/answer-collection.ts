/**
 * Frees the memory of large answers soon after they leave.
 *
 * A whole-list answer (users/me?populate=todos: 1.6 MB at 10,000 todos) comes from SQLite as one
 * Buffer (from PostgreSQL as one string, which lives in V8's heap). V8 frees a Buffer's memory only
 * when a collection finds the Buffer dead, and it starts a full collection for such memory only once
 * tens of MiB of it have piled up. A collection of the young generation alone is not enough: the
 * answers still being sent (two at a time, see users/routes) survive the collections made meanwhile
 * and are promoted. The dead answers then held 40–66 MiB and fragmented malloc's heap, which kept
 * growing from run to run (SQLite peak RSS 185 → 238 MiB over two 12-second populate runs; 58 MiB
 * of malloc heap at the peak). A full collection after every 16 MiB sent keeps the peak at 107–121
 * MiB over three runs, for ~1 ms more CPU per answer (it takes a few ms; Node 20's V8 reads
 * `gc({ type: 'major' })` as a young-generation collection, so `gc()` is called bare).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = () => void;

/**
 * V8's `gc`, taken from a fresh context the way Jest's leak detector does, so that it is not left
 * on this program's global object. Undefined if the engine refuses.
 */
function collector(): Collect | undefined {
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
  /** Counts an answer of `bytes` that has left; collects garbage every `everyBytes`. */
  sent(bytes: number): void;
}

export function collectAfterLargeAnswers(everyBytes: number, collect = collector()): LargeAnswers {
  let sinceCollection = 0;
  return {
    sent(bytes) {
      sinceCollection += bytes;
      if (sinceCollection < everyBytes || !collect) return;
      sinceCollection = 0;
      collect();
    },
  };
}
