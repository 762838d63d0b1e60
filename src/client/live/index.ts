// The live feature's public face: what other features may use of it.
export { holdLiveRefetches } from './liveStream';
export { type Reminder, type ReminderActions } from './reminders';
