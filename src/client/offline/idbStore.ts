/** The queued writes in IndexedDB (one object store, ordered by seq, indexed by user). */
import { openDB, type DBSchema } from 'idb';
import type { QueuedWrite, WriteStore } from './writeTypes';

interface QueueDb extends DBSchema {
  writes: { key: number; value: QueuedWrite; indexes: { byUser: number } };
}

/** Opened on first use, so merely loading the app (or a test without IndexedDB) opens nothing. */
export function createIdbStore(name = 'ticklist-offline'): WriteStore {
  let opened: ReturnType<typeof openDB<QueueDb>> | undefined;
  const database = () =>
    (opened ??= openDB<QueueDb>(name, 1, {
      upgrade(db) {
        db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true }).createIndex(
          'byUser',
          'userId',
        );
      },
    }));
  return {
    async add(write) {
      const seq = await (await database()).add('writes', write);
      return { ...write, seq };
    },
    async put(write) {
      await (await database()).put('writes', write);
    },
    async remove(seq) {
      await (await database()).delete('writes', seq);
    },
    // The index lists equal keys in primary-key order, so a user's writes come oldest first.
    async list(userId) {
      return (await database()).getAllFromIndex('writes', 'byUser', userId);
    },
    // One transaction: the user's writes go all together or not at all.
    async removeUser(userId) {
      const transaction = (await database()).transaction('writes', 'readwrite');
      const keys = await transaction.store.index('byUser').getAllKeys(userId);
      await Promise.all([...keys.map((key) => transaction.store.delete(key)), transaction.done]);
    },
  };
}
