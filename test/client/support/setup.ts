import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { takeContractViolations } from './mockApi';
import { server } from './mswServer';

// CI runs the jsdom suites beside the browser suites on two cores: a lazy route or a refetch can
// take seconds there. The waits still end as soon as the screen shows what a test waits for.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(20_000);

// A request no handler answers fails its test, rather than reaching for a network jsdom has not.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  const violations = takeContractViolations();
  if (violations.length)
    throw new Error(`The mock API broke the contract:\n${violations.join('\n')}`);
});
afterAll(() => server.close());
