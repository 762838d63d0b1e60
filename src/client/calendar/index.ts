// The calendar feature's public face: what other features may use of it.
export { CalendarFeedSection } from './CalendarFeedSection';
export { AppPasswordsSection } from './AppPasswordsSection';
