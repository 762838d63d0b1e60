/** The app's one write queue, kept in IndexedDB. */
import { createIdbStore } from './idbStore';
import { createWriteQueue } from './writeQueue';

export const writeQueue = createWriteQueue(createIdbStore());
