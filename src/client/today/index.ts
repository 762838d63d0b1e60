// The today feature's public face: what other features may use of it.
export { todayApi } from './todayApi';
