/** A WriteStore in memory, with IndexedDB's behaviour: increasing seq, a user's writes in seq order. */
import type { QueuedWrite, WriteStore } from '../../../src/client/offline/writeTypes';

export function createMemoryStore(): WriteStore & { rows: Map<number, QueuedWrite> } {
  const rows = new Map<number, QueuedWrite>();
  let next = 1;
  const copy = (write: QueuedWrite): QueuedWrite => structuredClone(write);
  return {
    rows,
    async add(write) {
      const saved = { ...copy(write), seq: next++ };
      rows.set(saved.seq, saved);
      return copy(saved);
    },
    async put(write) {
      rows.set(write.seq!, copy(write));
    },
    async remove(seq) {
      rows.delete(seq);
    },
    async list(userId) {
      return [...rows.values()]
        .filter((write) => write.userId === userId)
        .sort((a, b) => a.seq! - b.seq!)
        .map(copy);
    },
    async removeUser(userId) {
      for (const [seq, write] of rows) if (write.userId === userId) rows.delete(seq);
    },
  };
}
