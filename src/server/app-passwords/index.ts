/** The app passwords feature's public face: its routes, and the check CalDAV's Basic auth makes. */
export { appPasswordRoutes } from './routes';
export { verifyAppPassword } from './repository';
