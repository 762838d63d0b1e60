// The notifications feature's public face: the profile's section for reminders on devices.
export { NotificationsSection } from './NotificationsSection';
