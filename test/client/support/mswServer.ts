/**
 * The one MSW server of the client tests (started in setup.ts). Tests add the mock API with
 * startMockApi() and answer a call differently with `server.use(http.get(apiUrl('todos'), …))`.
 */
import { setupServer } from 'msw/node';

export const server = setupServer();
