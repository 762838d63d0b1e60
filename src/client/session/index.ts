// The session feature's public face: what other features may use of it.
export { useSessionActor, useSessionUser } from './SessionProvider';
export type { SessionActorRef } from './sessionActor';
export { useAuthForm } from './useAuthForm';
export { fieldMessagesOf, type FieldMessages } from './authApi';
export { useStoredConfirmation } from './useStoredConfirmation';
