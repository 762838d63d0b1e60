// The session feature's public face: what other features may use of it.
export { useSessionHandle, useSessionUser, type SessionHandle } from './SessionProvider';
export { useAuthForm } from './useAuthForm';
export { fieldMessagesOf, type FieldMessages } from './authApi';
export { useStoredConfirmation } from './useStoredConfirmation';
