// The account feature's public face: what other features may use of it.
export { useAccountCall } from './useAccountCall';
