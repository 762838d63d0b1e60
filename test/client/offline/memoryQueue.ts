/** The app's write queue over the in-memory store, for tests that replace `offline/queue` with it (jest.mock). */
import { createWriteQueue } from '../../../src/client/offline/writeQueue';
import { createMemoryStore } from './memoryStore';

export const writeQueue = createWriteQueue(createMemoryStore());
