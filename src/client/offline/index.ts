// The offline feature's public face: what other features may use of it.
export { OfflineBanner } from './OfflineBanner';
export { useOnline } from './useOnline';
export { useSignOut } from './useSignOut';
export { discardOfflineData } from './signOut';
export { writeQueue } from './queue';
export { queuedDates } from './queuedDates';
export type { QueuedWrite } from './writeTypes';
export { sendOrQueue, temporaryId, type TodoWrite } from './sendOrQueue';
