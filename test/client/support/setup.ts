import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { takeContractViolations } from './mockApi';
import { server } from './mswServer';

// The one place for the jsdom suites' timeouts, generous because a busy two-core machine is slow,
// not broken: the first import of a lazy route compiles its modules (ts-jest), which took over 5 s
// under load. The waits still end as soon as the screen shows what a test waits for.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

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
