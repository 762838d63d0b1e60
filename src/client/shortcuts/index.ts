// The shortcuts feature's public face: what other features may use of it.
export { useShortcuts } from './useShortcuts';
export { UNTOUCHED_ATTRIBUTE } from './shortcuts';
